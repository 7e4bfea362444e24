package org.jomp.msg.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The script {@code bin/jomprun} of this source tree, run as a user runs it, with its ranks in real JVMs. */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class JomprunScriptTest {
    private static final Path SCRIPT = Path.of("..", "bin", "jomprun").toAbsolutePath().normalize();

    /** A finished run of the script: exit status, output, and when (ms after the start) each line came. */
    private record Run(int exit, String out, String err, Map<String, Long> lineMillis) {
        String all() {
            return out + err;
        }

        long millisOf(String linePart) {
            return lineMillis.entrySet().stream().filter(e -> e.getKey().contains(linePart)).findFirst()
                    .orElseThrow(() -> new AssertionError("no line with '" + linePart + "': " + all())).getValue();
        }
    }

    private static Run script(Map<String, String> env, String... argv) throws IOException, InterruptedException {
        assertTrue(Files.isExecutable(SCRIPT), SCRIPT + " is missing");
        List<String> cmd = new ArrayList<>(List.of(SCRIPT.toString()));
        cmd.addAll(List.of(argv));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().remove("JAVA_OPTS");
        pb.environment().remove("CLASSPATH");
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().putAll(env);
        long start = System.nanoTime();
        Process p = pb.start();
        p.getOutputStream().close();
        Map<String, Long> when = new ConcurrentHashMap<>();
        StringBuilder out = new StringBuilder();
        StringBuilder err = new StringBuilder();
        Thread o = reader(p.getInputStream(), out, when, start);
        Thread e = reader(p.getErrorStream(), err, when, start);
        if (!p.waitFor(100, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("bin/jomprun did not end within 100 s: " + cmd);
        }
        o.join();
        e.join();
        return new Run(p.exitValue(), out.toString(), err.toString(), when);
    }

    private static Thread reader(InputStream s, StringBuilder into, Map<String, Long> when, long start) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(s, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    when.putIfAbsent(line, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
                    into.append(line).append('\n');
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        t.start();
        return t;
    }

    @Test
    void javaOptsReachJomprunsOwnJvm() throws Exception {
        // Rank 1 exits with status 4 at once; rank 0 sleeps and only jomprun's kill after the grace period ends it.
        Run run = script(Map.of("JAVA_OPTS", "-Djomp.run.graceMillis=200"), "-np", "2", "--bind-to", "none",
                "-cp", System.getProperty("java.class.path"), JomprunApp.class.getName(), "hang");
        assertEquals(4, run.exit(), run.all());
        long gaveUp = run.millisOf("[1] rank one gives up");
        long killed = run.millisOf("jomprun: killing rank 0, still running after the failure");
        // Rank 1's JVM ends about 2 s after its line (-Djomp.msg.socket.exitGraceMillis, as its main still runs),
        // then 200 ms of grace; a jomprun that does not see the option waits the default 5 s.
        assertTrue(killed - gaveUp < 5000, "killed " + (killed - gaveUp) + " ms after the failure: " + run.all());
    }

    /** The class path of this module's test classes alone: the application, without either runtime. */
    private static String appClassesOnly() throws Exception {
        return Path.of(JomprunApp.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    @Test
    void ranksOfOpenMpThreadsFindTheOpenMpRuntimeWithoutTheUserNamingIt() throws Exception {
        for (String transport : List.of("sockets", "shm", "hybrid")) {
            List<String> argv = new ArrayList<>(List.of("-np", "2", "--threads-per-rank", "2", "--bind-to", "none",
                    "--transport", transport));
            if (transport.equals("hybrid")) {
                argv.set(1, "4");
                argv.addAll(List.of("--ranks-per-jvm", "2"));
            }
            argv.addAll(List.of("-cp", appClassesOnly(), JomprunApp.class.getName(), "omp"));
            Run run = script(Map.of(), argv.toArray(String[]::new));
            assertEquals(0, run.exit(), transport + ": " + run.all());
            for (int r = 0; r < Integer.parseInt(argv.get(1)); r++) {
                assertTrue(run.out().contains("rank " + r + " team=2"), transport + ": " + run.all());
            }
        }
    }

    @Test
    void withARuntimeNamedByJompRuntimeTheOpenMpRuntimeIsFoundBesideIt() throws Exception {
        Path msg = Path.of(Jomprun.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Run run = script(Map.of("JOMP_RUNTIME", msg.toString()), "-np", "2", "--threads-per-rank", "2",
                "--bind-to", "none", "-cp", appClassesOnly(), JomprunApp.class.getName(), "omp");
        assertEquals(0, run.exit(), run.all());
        assertTrue(run.out().contains("[1] rank 1 team=2"), run.all());
    }
}
