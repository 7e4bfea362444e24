package org.jomp.msg.launch;

import java.util.ArrayList;
import java.util.List;

/**
 * The command line of {@code jomprun}:
 * {@code jomprun -np N [--threads-per-rank T] [--transport sockets|shm|hybrid] [--ranks-per-jvm K] [--hosts FILE]
 * [--bind-to core|none] [-cp PATH] [-J<jvm option>]... Main [args]}.
 *
 * @param ranks          number of ranks (-np)
 * @param threadsPerRank threads of each rank's OpenMP team (-Djomp.threads), 0 when not given
 * @param transport      "sockets" (a JVM per rank), "shm" (all ranks threads of one JVM) or "hybrid" (JVMs of
 *                       {@code ranksPerJvm} thread ranks each, sockets between them)
 * @param ranksPerJvm    ranks per JVM: 1 for sockets, N for shm, K for hybrid
 * @param hostsFile      hosts to start ranks on over ssh, round-robin; {@code null}: all on this machine
 * @param bindTo         "core": each JVM on this machine bound to cores of its own ({@link CoreBinding}); "none";
 *                       {@code null} (not given): "core" when this machine's JVMs fit on its cores, else "none"
 * @param classPath      the application's class path ({@code -cp}, or {@code CLASSPATH})
 * @param jvmOptions     options for every rank's JVM ({@code -J-Xmx2g})
 * @param mainClass      the class whose main every rank runs
 * @param args           its arguments
 */
public record JomprunOptions(int ranks, int threadsPerRank, String transport, int ranksPerJvm, String hostsFile,
                             String bindTo, String classPath, List<String> jvmOptions, String mainClass,
                             List<String> args) {

    /** How many JVMs the job starts. */
    public int jvms() {
        return (ranks + ranksPerJvm - 1) / ranksPerJvm;
    }

    static final String USAGE = "usage: jomprun -np N [--threads-per-rank T] [--transport sockets|shm|hybrid]"
            + " [--ranks-per-jvm K] [--hosts FILE] [--bind-to core|none] [-cp CLASSPATH] [-J<jvm option>]..."
            + " MainClass [args...]";

    /**
     * Parses {@code argv}.
     *
     * @param defaultClassPath the class path when no -cp is given ({@code CLASSPATH}), may be {@code null}
     * @throws IllegalArgumentException naming the bad option and its value, with the usage
     */
    public static JomprunOptions parse(String[] argv, String defaultClassPath) {
        int ranks = -1;
        int threads = 0;
        int ranksPerJvm = 0;
        String transport = null;
        String hosts = null;
        String bindTo = null;
        String cp = defaultClassPath;
        List<String> jvm = new ArrayList<>();
        int i = 0;
        for (; i < argv.length && argv[i].startsWith("-"); i++) {
            String opt = argv[i];
            if (opt.startsWith("-J")) {
                jvm.add(opt.substring(2));
                continue;
            }
            if (i + 1 >= argv.length) {
                throw bad(opt + " needs a value");
            }
            String v = argv[++i];
            switch (opt) {
                case "-np", "-n" -> ranks = positive(opt, v);
                case "--threads-per-rank" -> threads = positive(opt, v);
                case "--ranks-per-jvm" -> ranksPerJvm = positive(opt, v);
                case "--transport" -> {
                    if (!List.of("sockets", "shm", "hybrid").contains(v)) {
                        throw bad("--transport " + v + ": expected sockets, shm or hybrid");
                    }
                    transport = v;
                }
                case "--hosts" -> hosts = v;
                case "--bind-to" -> {
                    if (!List.of("core", "none").contains(v)) {
                        throw bad("--bind-to " + v + ": expected core or none");
                    }
                    bindTo = v;
                }
                case "-cp", "-classpath", "--class-path" -> cp = v;
                default -> throw bad("unknown option " + opt);
            }
        }
        if (ranks < 0) {
            throw bad("-np N is required");
        }
        if (i >= argv.length) {
            throw bad("no main class given");
        }
        if (transport == null) {
            transport = ranksPerJvm > 1 ? "hybrid" : "sockets";
        }
        switch (transport) {
            case "hybrid" -> {
                if (ranksPerJvm == 0) {
                    throw bad("--transport hybrid needs --ranks-per-jvm K (ranks as threads of each JVM)");
                }
            }
            case "shm" -> {
                if (ranksPerJvm != 0 && ranksPerJvm != ranks) {
                    throw bad("--transport shm runs all " + ranks + " ranks in one JVM: --ranks-per-jvm "
                            + ranksPerJvm + " does not apply (use --transport hybrid)");
                }
                if (hosts != null) {
                    throw bad("--transport shm runs one JVM on this machine: --hosts does not apply");
                }
                ranksPerJvm = ranks;
            }
            default -> {
                if (ranksPerJvm > 1) {
                    throw bad("--transport sockets runs one rank per JVM: --ranks-per-jvm " + ranksPerJvm
                            + " does not apply (use --transport hybrid)");
                }
                ranksPerJvm = 1;
            }
        }
        return new JomprunOptions(ranks, threads, transport, ranksPerJvm, hosts, bindTo, cp == null ? "." : cp,
                List.copyOf(jvm), argv[i], List.of(argv).subList(i + 1, argv.length));
    }

    private static int positive(String opt, String v) {
        try {
            int n = Integer.parseInt(v);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw bad(opt + " " + v + ": expected a positive number");
    }

    private static IllegalArgumentException bad(String what) {
        return new IllegalArgumentException("jomprun: " + what + "\n" + USAGE);
    }
}
