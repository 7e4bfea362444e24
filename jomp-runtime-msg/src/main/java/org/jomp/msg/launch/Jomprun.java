package org.jomp.msg.launch;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.jomp.msg.transport.Cpus;
import org.jomp.msg.transport.socket.JobSecret;

/**
 * {@code jomprun}: starts the ranks of an SPMD program and supervises them (see {@link JomprunOptions} for the
 * command line).
 *
 * <ul>
 *   <li>{@code --transport sockets} (default): a JVM per rank, on this machine or, with {@code --hosts}, over ssh
 *       (round-robin; {@code JOMP_SSH} replaces the {@code ssh} command). Each rank gets JOMP_RANK, JOMP_SIZE,
 *       JOMP_LOCAL_RANK, JOMP_JOB_ID, JOMP_MASTER_ADDR, JOMP_MASTER_PORT and a fresh random JOMP_JOB_SECRET; a job
 *       on this machine listens on loopback only.</li>
 *   <li>{@code --transport shm}: one JVM whose ranks are threads ({@code -Djomp.np=N}).</li>
 *   <li>{@code --transport hybrid --ranks-per-jvm K}: JVMs started as for sockets, each holding K ranks as threads
 *       (the last one the rest), told so by JOMP_RANKS_PER_JVM and JOMP_WORLD_SIZE (see {@link HybridLayout});
 *       JOMP_RANK and JOMP_SIZE then number the JVMs. A job that fits in one JVM runs as {@code shm}.</li>
 * </ul>
 *
 * The JVMs of a socket or hybrid job on this machine are bound to cores of their own through {@code taskset} when
 * they fit ({@link CoreBinding}; {@code --bind-to core|none} decides), and run with glibc's huge pages for large
 * allocations ({@link #glibcTunables}).
 *
 * Every output line of a rank is prefixed with its rank ({@code [2] ...}; in a hybrid job with the ranks of its JVM,
 * {@code [2-3] ...}, as they share their JVM's output); stdin goes to rank 0; the exit status is
 * the worst of the ranks'. When a rank fails (exits with a non-zero status), jomprun says which and why, gives the
 * others a grace period to end on their own (they are told by the failing rank's runtime), then kills the rest.
 */
public final class Jomprun {
    /**
     * How long the other ranks get to end by themselves after one failed ({@code -Djomp.run.graceMillis}, which
     * bin/jomprun takes from {@code JAVA_OPTS}).
     */
    private static final long GRACE_MILLIS = Long.getLong("jomp.run.graceMillis", 5000);
    /** The property that tells ranks their job has more ranks than cores ({@link #crowded}). */
    static final String CROWDED = "jomp.msg.crowded";

    private final JomprunOptions options;
    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> env;

    private Jomprun(JomprunOptions options, PrintStream out, PrintStream err, Map<String, String> env) {
        this.options = options;
        this.out = out;
        this.err = err;
        this.env = env;
    }

    public static void main(String[] argv) {
        System.exit(run(argv, System.in, System.out, System.err, System.getenv()));
    }

    /** Runs a job; returns its exit status (2 for a bad command line). */
    public static int run(String[] argv, InputStream in, PrintStream out, PrintStream err, Map<String, String> env) {
        JomprunOptions o;
        try {
            o = JomprunOptions.parse(argv, env.get("CLASSPATH"));
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            return 2;
        }
        try {
            return new Jomprun(o, out, err, env).run(in);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            err.println("jomprun: " + e.getMessage());
            return 2;
        }
    }

    /** A JVM of the job: {@code rank} numbers the JVMs, {@code label} names the ranks it holds. */
    private record Rank(int rank, String label, Process process, PrefixedOutput stdout, PrefixedOutput stderr) {
    }

    /**
     * The line each remote JVM reads first from its standard input, by JVM: the job secret, which on ssh's command
     * line any user of this host or the remote one could read with {@code ps}.
     */
    private final Map<Integer, String> firstLines = new HashMap<>();

    private boolean oneJvm() {
        return options.jvms() == 1 && !options.transport().equals("sockets");
    }

    /** The ranks JVM {@code jvm} holds: "3", or "2-3" in a hybrid job. */
    private String ranksOf(int jvm) {
        int first = jvm * options.ranksPerJvm();
        int last = Math.min(options.ranks(), first + options.ranksPerJvm()) - 1;
        return first == last ? Integer.toString(first) : first + "-" + last;
    }

    private int run(InputStream in) {
        List<ProcessBuilder> builders = oneJvm() ? List.of(sharedMemoryJob()) : socketJob();
        List<Rank> ranks = new ArrayList<>();
        LinkedBlockingQueue<Integer> ended = new LinkedBlockingQueue<>();
        Thread cleanup = new Thread(() -> ranks.forEach(r -> r.process.destroyForcibly()), "jomprun-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        try {
            for (int r = 0; r < builders.size(); r++) {
                Process p;
                try {
                    p = builders.get(r).start();
                    String line = firstLines.get(r);
                    if (line != null) {
                        p.getOutputStream().write((line + "\n").getBytes(StandardCharsets.UTF_8));
                        p.getOutputStream().flush();
                    }
                } catch (IOException e) {
                    ranks.forEach(x -> x.process.destroyForcibly());
                    throw new UncheckedIOException("cannot start rank " + r + ": " + e.getMessage(), e);
                }
                String prefix = oneJvm() ? "" : "[" + ranksOf(r) + "] ";
                Rank rank = new Rank(r, ranksOf(r), p, new PrefixedOutput(p.getInputStream(), out, prefix),
                        new PrefixedOutput(p.getErrorStream(), err, prefix));
                ranks.add(rank);
                daemon(rank.stdout, "jomprun-out-" + r);
                daemon(rank.stderr, "jomprun-err-" + r);
                int id = r;
                // A thread of its own per JVM, not Process.onExit(): onExit completes through the common pool,
                // whose only worker on a 2-core machine may be the caller of this method (JDK 25), which would
                // then wait for an exit it can never be told of.
                daemon(() -> {
                    awaitExit(p);
                    ended.add(id);
                }, "jomprun-wait-" + r);
            }
            forwardStdin(in, ranks);
            return supervise(ranks, ended);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(cleanup);
            } catch (IllegalStateException e) {
                // The JVM is already shutting down: the hook runs anyway.
            }
        }
    }

    /** Waits until {@code p} has ended; an interrupt does not stop the wait, the supervisor decides when to end. */
    private static void awaitExit(Process p) {
        while (true) {
            try {
                p.waitFor();
                return;
            } catch (InterruptedException e) {
                if (!p.isAlive()) {
                    return;
                }
            }
        }
    }

    /**
     * Waits for the ranks; after the first failure, waits a grace period for the others to end by themselves, kills
     * the rest, and reports the rank that failed first: the first whose error is its own rather than the news of
     * another rank's failure (RankFailedException), as those ranks exit at nearly the same moment.
     */
    private int supervise(List<Rank> ranks, LinkedBlockingQueue<Integer> ended) {
        int worst = 0;
        int running = ranks.size();
        long killAt = Long.MAX_VALUE;
        boolean[] killed = new boolean[ranks.size()];
        List<Rank> failed = new ArrayList<>();
        while (running > 0) {
            Integer r;
            try {
                long wait = killAt == Long.MAX_VALUE ? Long.MAX_VALUE : killAt - System.nanoTime();
                r = wait <= 0 ? null : ended.poll(wait, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                r = null;
            }
            if (r == null) {
                for (Rank k : ranks) {
                    if (k.process.isAlive()) {
                        killed[k.rank] = true;
                        err.println("jomprun: killing " + who(k) + ", still running after the failure");
                        k.process.destroyForcibly();
                    }
                }
                killAt = Long.MAX_VALUE;
                continue;
            }
            running--;
            Rank rank = ranks.get(r);
            awaitOutput(rank);
            int code = rank.process.exitValue();
            if (killed[r]) {
                continue;
            }
            if (code != 0) {
                failed.add(rank);
                if (killAt == Long.MAX_VALUE && failed.size() == 1) {
                    killAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(GRACE_MILLIS);
                }
            }
            worst = Math.max(worst, code);
        }
        if (!failed.isEmpty()) {
            Rank first = failed.stream().filter(f -> !String.valueOf(f.stderr.reason()).contains("RankFailedException"))
                    .findFirst().orElse(failed.get(0));
            String why = first.stderr.reason();
            err.println("jomprun: " + who(first) + " failed with exit status " + first.process.exitValue()
                    + (why != null ? ": " + why : "") + (ranks.size() > 1 ? "; the job was ended" : ""));
        }
        return worst;
    }

    private String who(Rank r) {
        if (oneJvm()) {
            return "the job";
        }
        if (options.ranksPerJvm() == 1) {
            return "rank " + r.label;
        }
        return r.label.contains("-") ? "the JVM of ranks " + r.label : "the JVM of rank " + r.label;
    }

    private static void awaitOutput(Rank rank) {
        rank.stdout.awaitEnd(2000);
        rank.stderr.awaitEnd(2000);
    }

    private ProcessBuilder sharedMemoryJob() {
        List<String> cmd = javaCommand(List.of("-Djomp.np=" + options.ranks()));
        return new ProcessBuilder(cmd);
    }

    private List<ProcessBuilder> socketJob() {
        List<String> hosts = options.hostsFile() == null ? List.of() : readHosts(Path.of(options.hostsFile()));
        boolean local = hosts.stream().allMatch(Jomprun::isThisMachine);
        String jobId = HexFormat.of().formatHex(randomBytes(6));
        String master = local ? "127.0.0.1" : hosts.get(0);
        int port = local ? LoopbackPort.pick() : JobEnvironment.portOf(jobId);
        String secret = JobSecret.randomText();
        Map<String, Integer> perHost = new LinkedHashMap<>();
        List<List<String>> binders = binders(hosts);
        if (local) {
            String note = crowdedNote(options.ranks(), options.jvms(), Cpus.allowed().size());
            if (note != null) {
                err.println(note);
            }
        }
        int boundJvms = 0;
        List<ProcessBuilder> builders = new ArrayList<>();
        for (int r = 0; r < options.jvms(); r++) {
            String host = hostOf(r, hosts);
            int localRank = perHost.merge(host, 1, Integer::sum) - 1;
            Map<String, String> vars = new LinkedHashMap<>();
            vars.put("JOMP_RANK", Integer.toString(r));
            vars.put("JOMP_SIZE", Integer.toString(options.jvms()));
            if (options.transport().equals("hybrid")) {
                vars.put("JOMP_RANKS_PER_JVM", Integer.toString(options.ranksPerJvm()));
                vars.put("JOMP_WORLD_SIZE", Integer.toString(options.ranks()));
            }
            vars.put("JOMP_LOCAL_RANK", Integer.toString(localRank));
            vars.put("JOMP_JOB_ID", jobId);
            vars.put("JOMP_MASTER_ADDR", master);
            vars.put("JOMP_MASTER_PORT", Integer.toString(port));
            vars.put("JOMP_JOB_SECRET", secret);
            vars.put("GLIBC_TUNABLES", glibcTunables(env.get("GLIBC_TUNABLES")));
            if (!local) {
                vars.put("JOMP_HOST", host);
            }
            List<String> cmd = javaCommand(crowded(local));
            ProcessBuilder pb;
            if (isThisMachine(host)) {
                if (!binders.isEmpty()) {
                    cmd.addAll(0, binders.get(boundJvms++));
                }
                pb = new ProcessBuilder(cmd);
                pb.environment().putAll(vars);
            } else {
                vars.remove("JOMP_JOB_SECRET");
                firstLines.put(r, secret);
                pb = new ProcessBuilder(sshCommand(host, vars, cmd));
            }
            builders.add(pb);
        }
        return builders;
    }

    /**
     * {@code -Djomp.msg.crowded=true} for a job on this machine alone with more ranks than the cores it may use,
     * for every JVM alike (the ranks choose collective algorithms by it, and must agree); nothing when the user set
     * it or the job spans hosts, whose cores this launcher does not know.
     */
    private List<String> crowded(boolean local) {
        boolean userSet = options.jvmOptions().stream().anyMatch(o -> o.startsWith("-D" + CROWDED + "="));
        return local && !userSet && options.ranks() > Cpus.allowed().size() ? List.of("-D" + CROWDED + "=true")
                : List.of();
    }

    /**
     * The note for a job on this machine alone of several JVMs whose ranks outnumber the cores they may use, or
     * {@code null}. Each JVM compiles the communication paths with a JIT of its own, and the ranks' waits take the
     * cores those compilations need: 8 socket ranks on 2 cores ran 8-byte allreduces at 5-20 ms a call for 1-2 s
     * before the 0.3-0.7 ms they settled at (docs/benchmarks-msg-log.md, "Crowded socket jobs"), and 8 hybrid ranks
     * in 2 JVMs at 0.5-1.6 ms for 3 s before 53-66 µs ("C1 alone for crowded hybrid jobs"); thread ranks of one JVM
     * read alike with C1 alone or C2. C1 alone is not made the default for such jobs: it made 8-byte allreduces at 8
     * ranks 10-27 times faster in msgbench, but a program that computes ran 3 times slower (RingPairs, 3 JVMs on 2
     * cores: 2,165-2,319 ms against 697-834 with C2).
     */
    static String crowdedNote(int ranks, int jvms, int cores) {
        if (jvms <= 1 || ranks <= cores) {
            return null;
        }
        String who = ranks == jvms ? jvms + " rank JVMs share " : ranks + " ranks in " + jvms + " JVMs share ";
        return "jomprun: note: " + who + cores + (cores == 1 ? " core" : " cores")
                + "; each JVM has a JIT of its own, which competes with the ranks, so the job runs slowly for its"
                + " first seconds (for a run that mostly communicates, -J-XX:TieredStopAtLevel=1, the C1 compiler"
                + " alone, shortens that, but computing code runs slower). Thread ranks of one JVM share its JIT:"
                + " --transport shm (docs/running-spmd.md)";
    }

    /** The host JVM {@code r} runs on: the hosts file's, round-robin, or this machine. */
    private static String hostOf(int r, List<String> hosts) {
        return hosts.isEmpty() ? "localhost" : hosts.get(r % hosts.size());
    }

    /**
     * The command that binds each JVM this job starts on this machine to its cores ({@code taskset -c LIST}), in the
     * order of their local ranks; empty when they are not bound: {@code --bind-to none}, or not given and they do
     * not fit on the cores or taskset is missing.
     */
    private List<List<String>> binders(List<String> hosts) {
        if ("none".equals(options.bindTo())) {
            return List.of();
        }
        int local = 0;
        for (int r = 0; r < options.jvms(); r++) {
            if (isThisMachine(hostOf(r, hosts))) {
                local++;
            }
        }
        int coresPerJvm = options.ranksPerJvm() * Math.max(1, options.threadsPerRank());
        List<Integer> cpus = Cpus.allowed();
        List<String> plan = CoreBinding.plan(local, coresPerJvm, cpus);
        boolean asked = "core".equals(options.bindTo());
        if (asked && plan.isEmpty()) {
            throw new IllegalArgumentException("--bind-to core: " + local + " JVMs of " + coresPerJvm
                    + " cores each do not fit on the " + cpus.size() + " cores of this machine (use --bind-to none)");
        }
        String taskset = CoreBinding.taskset(env.get("PATH"));
        if (asked && taskset == null) {
            throw new IllegalArgumentException("--bind-to core needs taskset (util-linux) on the PATH");
        }
        if (taskset == null) {
            return List.of();
        }
        return plan.stream().map(cores -> List.of(taskset, "-c", cores)).toList();
    }

    /**
     * The rank's glibc tunables: the launcher's, plus huge pages for large allocations, which the socket transport's
     * fragment buffers need to be on huge pages where the kernel's mode is {@code madvise} (see LargePageBuffer);
     * a choice the user made for that tunable is kept.
     */
    static String glibcTunables(String inherited) {
        String hugePages = "glibc.malloc.hugetlb=1";
        if (inherited == null || inherited.isBlank()) {
            return hugePages;
        }
        return inherited.contains("glibc.malloc.hugetlb=") ? inherited : inherited + ":" + hugePages;
    }

    /**
     * What a rank JVM of Java {@code feature} needs for the socket transport to send and receive arrays in place,
     * without copying them through native memory (HeapArrayIo in the socket transport: Java 22 and later):
     * native access, and the file descriptors of NIO's channels. A launcher of one's own passes the same.
     */
    public static List<String> inPlaceArrayOptions(int feature) {
        return feature < 22 ? List.of()
                : List.of("--enable-native-access=ALL-UNNAMED", "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED");
    }

    /**
     * What a rank JVM needs for the socket transport to take its TCP connections off BBR congestion control
     * (CongestionControl in the socket transport): deep access to the JDK's socket options. A launcher of one's own
     * passes the same.
     */
    public static List<String> congestionControlOptions() {
        return List.of("--add-opens=java.base/sun.nio.ch=ALL-UNNAMED");
    }

    private List<String> javaCommand(List<String> extra) {
        List<String> cmd = new ArrayList<>();
        cmd.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        cmd.addAll(inPlaceArrayOptions(Runtime.version().feature()));
        cmd.addAll(congestionControlOptions());
        cmd.addAll(options.jvmOptions());
        if (options.threadsPerRank() > 0) {
            cmd.add("-Djomp.threads=" + options.threadsPerRank());
        }
        cmd.addAll(extra);
        cmd.add("-cp");
        cmd.add(options.classPath() + File.pathSeparator + runtimeClassPath());
        cmd.add(options.mainClass());
        cmd.addAll(options.args());
        return cmd;
    }

    /**
     * {@code ssh host 'cd DIR && read the secret && exec env VARS java ...'}: the secret travels inside the ssh
     * channel only, as the first line of the JVM's standard input ({@link #firstLines}).
     */
    private List<String> sshCommand(String host, Map<String, String> vars, List<String> java) {
        List<String> cmd = new ArrayList<>(List.of(env.getOrDefault("JOMP_SSH", "ssh").trim().split("\\s+")));
        cmd.add(host);
        cmd.add(remoteCommand(System.getProperty("user.dir"), vars, java));
        return cmd;
    }

    /**
     * The shell command a remote rank runs: every word single-quoted, so no value is split or expanded. It reads
     * the job secret from the first line of its standard input (a shell's read takes a pipe byte by byte, so the
     * rest stays for the JVM).
     */
    static String remoteCommand(String dir, Map<String, String> vars, List<String> java) {
        StringBuilder remote = new StringBuilder("cd ").append(quote(dir))
                .append(" && IFS= read -r JOMP_JOB_SECRET && export JOMP_JOB_SECRET && exec env");
        vars.forEach((k, v) -> remote.append(' ').append(k).append('=').append(quote(v)));
        for (String word : java) {
            remote.append(' ').append(quote(word));
        }
        return remote.toString();
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    private void forwardStdin(InputStream in, List<Rank> ranks) {
        for (int r = 1; r < ranks.size(); r++) {
            closeQuietly(ranks.get(r).process.getOutputStream());
        }
        OutputStream toRank0 = ranks.get(0).process.getOutputStream();
        daemon(() -> {
            byte[] buf = new byte[8192];
            try (toRank0) {
                for (int n; (n = in.read(buf)) > 0; ) {
                    toRank0.write(buf, 0, n);
                    toRank0.flush();
                }
            } catch (IOException e) {
                // Rank 0 ended or closed its stdin: there is nobody left to forward to.
            }
        }, "jomprun-stdin");
    }

    private static List<String> readHosts(Path file) {
        try {
            List<String> hosts = new ArrayList<>();
            for (String line : Files.readAllLines(file)) {
                String l = line.replaceFirst("#.*", "").trim();
                if (!l.isEmpty()) {
                    hosts.add(l.split("\\s+")[0]);
                }
            }
            if (hosts.isEmpty()) {
                throw new IllegalArgumentException("hosts file " + file + " names no host");
            }
            return hosts;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read hosts file " + file + ": " + e.getMessage(), e);
        }
    }

    private static boolean isThisMachine(String host) {
        if (host.equals("localhost") || host.startsWith("127.")) {
            return true;
        }
        try {
            return host.equals(InetAddress.getLocalHost().getHostName());
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * What every rank gets after the application's class path: this runtime (a jar or a classes directory) and,
     * where it is found, the OpenMP runtime, which a rank of OpenMP threads ({@code --threads-per-rank}, a program
     * translated from {@code //mpi} directives) needs as well ({@link #smpLocation}).
     */
    private static String runtimeClassPath() {
        Path msg = location(Jomprun.class);
        Path smp = smpLocation(msg, Jomprun.class.getClassLoader());
        return smp == null || smp.equals(msg) ? msg.toString() : msg + File.pathSeparator + smp;
    }

    /**
     * Where jomp-runtime-smp is: on jomprun's own class path (bin/jomprun puts the source tree's there), else beside
     * jomp-runtime-msg at {@code msg}, found by naming smp where msg's path names msg (the source tree's
     * {@code jomp-runtime-smp/target/classes} or its jar, a jar in the same directory, or in a Maven repository
     * {@code org/jomp/jomp-runtime-smp/V/jomp-runtime-smp-V.jar}); {@code null} when it is nowhere.
     */
    static Path smpLocation(Path msg, ClassLoader loader) {
        try {
            Class<?> omp = Class.forName("org.jomp.runtime.Omp", false, loader);
            if (omp.getProtectionDomain().getCodeSource() != null) {
                return location(omp);
            }
        } catch (ClassNotFoundException e) {
            // Not on jomprun's class path: look beside jomp-runtime-msg.
        }
        Path beside = msg.getRoot();
        for (Path name : msg) {
            Path renamed = Path.of(name.toString().replace("jomp-runtime-msg", "jomp-runtime-smp"));
            beside = beside == null ? renamed : beside.resolve(renamed);
        }
        return beside != null && !beside.equals(msg) && Files.exists(beside) ? beside : null;
    }

    /** Where the classes of {@code c} come from (a jar or a classes directory). */
    private static Path location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate " + c.getName() + "'s classes: " + e.getMessage(), e);
        }
    }

    private static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        new SecureRandom().nextBytes(b);
        return b;
    }

    private static void daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(OutputStream s) {
        try {
            s.close();
        } catch (IOException e) {
            // Nothing to release beyond what close tried.
        }
    }
}
