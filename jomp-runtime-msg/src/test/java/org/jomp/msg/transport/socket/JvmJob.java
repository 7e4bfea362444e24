package org.jomp.msg.transport.socket;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.jomp.msg.launch.Jomprun;
import org.jomp.msg.launch.LoopbackPort;

/**
 * Starts the ranks of a test job as separate JVMs on this machine (the test class path), captures each one's output,
 * and kills whatever is still running at a deadline, so that no test can hang.
 */
public final class JvmJob implements AutoCloseable {
    private final List<Process> processes = new ArrayList<>();
    private final List<StringBuilder> outputs = new ArrayList<>();
    private final List<Thread> pumps = new ArrayList<>();

    /**
     * Starts {@code n} JVMs running {@code mainClass}; rank {@code r} gets the variables {@code envOf.apply(r)}
     * (plus JOMP_MASTER_ADDR=127.0.0.1 unless given) and JVM options {@code jvmOptions}.
     */
    public static JvmJob start(int n, String mainClass, IntFunction<Map<String, String>> envOf, List<String> jvmOptions,
                        String... args) {
        return start(n, r -> List.of(), mainClass, envOf, jvmOptions, args);
    }

    /**
     * Like {@link #start(int, String, IntFunction, List, String...)}, each JVM started through the command
     * {@code launcherOf.apply(r)} (e.g. {@code ip netns exec NS}), which must end by executing the java command
     * it is given, so that the process started is the rank's JVM.
     */
    public static JvmJob start(int n, IntFunction<List<String>> launcherOf, String mainClass,
                               IntFunction<Map<String, String>> envOf, List<String> jvmOptions, String... args) {
        JvmJob job = new JvmJob();
        for (int r = 0; r < n; r++) {
            List<String> cmd = new ArrayList<>(launcherOf.apply(r));
            cmd.add(javaExecutable());
            cmd.add("-Xss512k");
            cmd.add("-XX:TieredStopAtLevel=1");
            cmd.add("-Xshare:auto");
            cmd.addAll(Jomprun.inPlaceArrayOptions(Runtime.version().feature()));
            cmd.addAll(Jomprun.congestionControlOptions());
            cmd.addAll(jvmOptions);
            cmd.add("-cp");
            cmd.add(System.getProperty("java.class.path"));
            cmd.add(mainClass);
            cmd.addAll(List.of(args));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            Map<String, String> env = pb.environment();
            env.keySet().removeIf(k -> k.startsWith("JOMP_") || k.startsWith("SLURM_") || k.startsWith("OMPI_")
                    || k.startsWith("PMI_"));
            env.putAll(envOf.apply(r));
            try {
                Process p = pb.start();
                job.processes.add(p);
                StringBuilder out = new StringBuilder();
                job.outputs.add(out);
                Thread t = new Thread(() -> copy(p.getInputStream(), out), "output-of-rank-" + r);
                t.setDaemon(true);
                t.start();
                job.pumps.add(t);
            } catch (IOException e) {
                job.close();
                throw new UncheckedIOException("cannot start a JVM for rank " + r, e);
            }
        }
        return job;
    }

    /** The variables of rank {@code r} of a jomprun-style job of {@code n} ranks on {@code port}. */
    public static Map<String, String> jompEnv(int r, int n, int port, String secret) {
        return Map.of("JOMP_RANK", Integer.toString(r), "JOMP_SIZE", Integer.toString(n), "JOMP_MASTER_ADDR",
                "127.0.0.1", "JOMP_MASTER_PORT", Integer.toString(port), "JOMP_JOB_SECRET", secret);
    }

    /** A loopback port for a job's rendezvous, as jomprun picks it. */
    public static int freePort() {
        return LoopbackPort.pick();
    }

    public Process process(int rank) {
        return processes.get(rank);
    }

    /** Waits for every rank up to {@code seconds} in all, kills the rest; returns the exit codes (-1: killed). */
    public int[] await(long seconds) {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        int[] codes = new int[processes.size()];
        for (int r = 0; r < codes.length; r++) {
            Process p = processes.get(r);
            try {
                if (p.waitFor(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                    codes[r] = p.exitValue();
                } else {
                    p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                    codes[r] = -1;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                codes[r] = -1;
            }
        }
        for (Thread t : pumps) {
            try {
                t.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return codes;
    }

    /** What rank {@code r} printed (stdout and stderr). */
    public String output(int r) {
        synchronized (outputs.get(r)) {
            return outputs.get(r).toString();
        }
    }

    /** Every rank's output, each line prefixed with its rank, for assertion messages. */
    public String allOutput() {
        StringBuilder b = new StringBuilder();
        for (int r = 0; r < outputs.size(); r++) {
            for (String line : output(r).split("\n")) {
                b.append('[').append(r).append("] ").append(line).append('\n');
            }
        }
        return b.toString();
    }

    @Override
    public void close() {
        for (Process p : processes) {
            p.destroyForcibly();
        }
    }

    private static void copy(InputStream in, StringBuilder out) {
        byte[] buf = new byte[8192];
        try (in) {
            for (int n; (n = in.read(buf)) > 0; ) {
                synchronized (out) {
                    out.append(new String(buf, 0, n, StandardCharsets.UTF_8));
                }
            }
        } catch (IOException e) {
            synchronized (out) {
                out.append("\n(output ended: ").append(e).append(")\n");
            }
        }
    }

    /** The java command of the JVM running the tests, by absolute path. */
    public static String javaExecutable() {
        return System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
    }

    /**
     * What {@code main} prints (standard output and error, trimmed), run in a fresh JVM of the tests' class path with
     * {@code options} and none of the surefire JVM's; fails if it runs for more than 30 seconds.
     */
    public static String output(Class<?> main, String... options) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(javaExecutable()));
        cmd.addAll(List.of(options));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(main.getName() + " still ran after 30 s: " + out);
        }
        return out;
    }
}
