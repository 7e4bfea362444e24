package org.jomp.msg.launch;

import java.util.ArrayList;
import java.util.List;

/**
 * The command line of {@code jomprun}:
 * {@code jomprun -np N [--threads-per-rank T] [--transport sockets|shm] [--hosts FILE] [-cp PATH] [-J<jvm option>]...
 * Main [args]}.
 *
 * @param ranks          number of ranks (-np)
 * @param threadsPerRank threads of each rank's OpenMP team (-Djomp.threads), 0 when not given
 * @param transport      "sockets" (a JVM per rank) or "shm" (all ranks threads of one JVM)
 * @param hostsFile      hosts to start ranks on over ssh, round-robin; {@code null}: all on this machine
 * @param classPath      the application's class path ({@code -cp}, or {@code CLASSPATH})
 * @param jvmOptions     options for every rank's JVM ({@code -J-Xmx2g})
 * @param mainClass      the class whose main every rank runs
 * @param args           its arguments
 */
public record JomprunOptions(int ranks, int threadsPerRank, String transport, String hostsFile, String classPath,
                             List<String> jvmOptions, String mainClass, List<String> args) {

    static final String USAGE = "usage: jomprun -np N [--threads-per-rank T] [--transport sockets|shm]"
            + " [--ranks-per-jvm K] [--hosts FILE] [-cp CLASSPATH] [-J<jvm option>]... MainClass [args...]";

    /**
     * Parses {@code argv}.
     *
     * @param defaultClassPath the class path when no -cp is given ({@code CLASSPATH}), may be {@code null}
     * @throws IllegalArgumentException naming the bad option and its value, with the usage
     */
    public static JomprunOptions parse(String[] argv, String defaultClassPath) {
        int ranks = -1;
        int threads = 0;
        int ranksPerJvm = 1;
        String transport = null;
        String hosts = null;
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
        if (transport.equals("hybrid") || (ranksPerJvm > 1 && !transport.equals("shm"))) {
            throw bad("--transport hybrid / --ranks-per-jvm " + ranksPerJvm + ": several thread ranks per JVM with"
                    + " sockets between JVMs is not available in this version; use --transport sockets (a JVM per"
                    + " rank) or --transport shm (all ranks in one JVM)");
        }
        if (transport.equals("shm") && hosts != null) {
            throw bad("--transport shm runs one JVM on this machine: --hosts does not apply");
        }
        return new JomprunOptions(ranks, threads, transport, hosts, cp == null ? "." : cp, List.copyOf(jvm),
                argv[i], List.of(argv).subList(i + 1, argv.length));
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
