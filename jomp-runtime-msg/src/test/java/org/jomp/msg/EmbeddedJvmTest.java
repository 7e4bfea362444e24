package org.jomp.msg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.jomp.msgtest.HelloApp;
import org.junit.jupiter.api.Test;

/** {@code java Main}, {@code java -Djomp.np=N Main} and {@code JOMP_NP=N java Main} in real JVMs. */
class EmbeddedJvmTest {

    private record Result(int exit, String out, String err) {
    }

    private static Result java(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("-Xshare:auto");
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().remove("JOMP_NP");
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("JVM did not end within 60 s: " + cmd);
        }
        return new Result(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void plainJavaIsAWorldOfOne() throws Exception {
        Result r = java(Map.of(), HelloApp.class.getName());
        assertEquals(0, r.exit(), r.err());
        assertEquals("rank 0 of 1 sum 0", r.out().trim());
    }

    @Test
    void aSystemPropertyRunsRanksAsThreads() throws Exception {
        Result r = java(Map.of(), "-Djomp.np=4", HelloApp.class.getName());
        assertEquals(0, r.exit(), r.err());
        for (int k = 0; k < 4; k++) {
            assertTrue(r.out().contains("rank " + k + " of 4 sum 6"), r.out());
        }
    }

    @Test
    void theEnvironmentVariableWorksAndAFailingRankFailsTheJob() throws Exception {
        Result r = java(Map.of("JOMP_NP", "3"), HelloApp.class.getName(), "fail");
        assertEquals(1, r.exit(), r.out());
        assertTrue(r.err().contains("jomp: rank 2 failed: java.lang.IllegalStateException: rank two was told to fail"),
                r.err());
        assertTrue(r.out().contains("rank 0 of 3 sum 3"), r.out());
    }
}
