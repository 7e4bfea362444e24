package org.jomp.msg.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Standard input of thread ranks, in real jobs: rank 0 reads all of it, byte for byte, while the other ranks of its
 * JVM (their own threads, threads they start, their OpenMP workers) read end of file, as the ranks of a socket job do.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RankStdinTest {
    private static final byte[] INPUT = input();

    private static byte[] input() {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= 3000; i++) {
            b.append("line ").append(i).append('\n');
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String rankZerosLine() {
        CRC32 crc = new CRC32();
        crc.update(INPUT);
        return "rank 0 stdin: bytes=" + INPUT.length + " crc=" + crc.getValue();
    }

    private static void assertOnlyRankZeroRead(String out, int ranks, String all) {
        assertTrue(out.contains(rankZerosLine()), all);
        for (int r = 1; r < ranks; r++) {
            assertTrue(out.contains("rank " + r + " stdin: own=-1 started=-1 worker=-1"), all);
        }
    }

    private static String jomprun(String... argv) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> all = new ArrayList<>(List.of("-cp", System.getProperty("java.class.path"),
                "-J-XX:TieredStopAtLevel=1"));
        all.addAll(List.of(argv));
        all.addAll(List.of(JomprunApp.class.getName(), "stdin"));
        int code = Jomprun.run(all.toArray(String[]::new), new ByteArrayInputStream(INPUT),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of());
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, text + err.toString(StandardCharsets.UTF_8));
        return text;
    }

    @Test
    void jomprunSharedMemoryGivesStandardInputToRankZeroAlone() {
        String out = jomprun("-np", "3", "--transport", "shm");
        assertOnlyRankZeroRead(out, 3, out);
    }

    @Test
    void aHybridJvmHoldingRankZeroGivesItsStandardInputToRankZeroAlone() {
        String out = jomprun("-np", "4", "--transport", "hybrid", "--ranks-per-jvm", "2");
        assertOnlyRankZeroRead(out, 4, out);
    }

    @Test
    void embeddedRanksOfAPropertyOrTheVariableLeaveStandardInputToRankZero() throws Exception {
        String out = java(Map.of(), "-Djomp.np=3");
        assertOnlyRankZeroRead(out, 3, out);
        out = java(Map.of("JOMP_NP", "4"));
        assertOnlyRankZeroRead(out, 4, out);
    }

    /** {@code java OPTION JomprunApp stdin} with {@link #INPUT} on its standard input; returns its output. */
    private static String java(Map<String, String> env, String... options) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-XX:TieredStopAtLevel=1"));
        cmd.addAll(List.of(options));
        cmd.addAll(List.of(JomprunApp.class.getName(), "stdin"));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().remove("JOMP_NP");
        pb.environment().putAll(env);
        Process p = pb.start();
        // A thread each: on 2 cores the common pool would read one stream only after the other had ended.
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()),
                r -> Executors.defaultThreadFactory().newThread(r).start());
        CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(p.getInputStream()),
                r -> Executors.defaultThreadFactory().newThread(r).start());
        try (OutputStream in = p.getOutputStream()) {
            in.write(INPUT);
        }
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("JVM did not end within 60 s: " + cmd);
        }
        String text = new String(out.join(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), text + new String(err.join(), StandardCharsets.UTF_8));
        return text;
    }

    private static byte[] readAll(InputStream s) {
        try {
            return s.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
