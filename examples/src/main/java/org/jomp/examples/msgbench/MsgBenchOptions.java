package org.jomp.examples.msgbench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of {@code bin/jomp-msgbench}.
 *
 * @param transports   which transports to run: shm, sockets, hybrid
 * @param ranks        rank counts for the collectives (ping-pong runs at the smallest, between 2 ranks)
 * @param sizes        ping-pong message sizes, bytes
 * @param collSizes    collective message sizes, bytes
 * @param samples      timed samples per point in each job
 * @param sampleMillis target length of one sample
 * @param runs         how many times each job runs (the samples of all runs are pooled for the median)
 * @param peersScript  {@code shared/peers/run.sh}, run with {@code mpi} when {@code withPeers}
 * @param collPeersScript this module's {@code peers/run.sh}, run with {@code mpi} when {@code withPeers}: Open MPI's
 *                     collectives at every rank count and size measured here
 * @param withPeers    whether to measure Open MPI in the same run
 * @param peersLimitSeconds how long Open MPI may run before it is stopped
 * @param jvmOptions   options for every rank's JVM ({@code -J-Djomp.msg.socket.buffer=4194304}), passed to jomprun
 * @param plots        where to write the plots ({@code --plots DIR}), or {@code null}
 */
record MsgBenchOptions(List<String> transports, List<Integer> ranks, List<Integer> sizes, List<Integer> collSizes,
                       int samples, double sampleMillis, int runs, Path peersScript, Path collPeersScript,
                       boolean withPeers,
                       long peersLimitSeconds, List<String> jvmOptions, Path plots) {

    static final String USAGE = """
            usage: jomp-msgbench [--quick] [--with-peers] [--peers-script FILE] [--coll-peers-script FILE]
                                 [--peers-limit S]
                                 [--transports shm,sockets,hybrid] [--ranks 2,4,8] [--sizes 1,1024,...]
                                 [--runs R] [--samples S] [--sample-ms T] [--plots DIR]
                                 [-J<jvm option for every rank>]...
              --quick          about 40 s: 2 ranks (hybrid 4), fewer sizes, 1 run of 3 samples
              --with-peers     also run shared/peers/run.sh mpi (Open MPI over shared memory and TCP) and
                               examples/peers/run.sh mpi (Open MPI's collectives at every rank count) in this run
              --peers-limit S  stop Open MPI after S seconds and keep what it printed (default 600)
              --runs R         run every job R times; figures are medians of all samples (default 3)
              --plots DIR      also draw bandwidth and collective plots into DIR (PNG and SVG)
            """;

    private static final List<Integer> FULL_SIZES = List.of(1, 8, 64, 512, 1024, 4096, 65536, 262144, 1 << 20,
            4 << 20, 8 << 20, 16 << 20);
    private static final List<Integer> QUICK_SIZES = List.of(1, 1024, 65536, 1 << 20, 8 << 20, 16 << 20);
    private static final List<Integer> COLL_SIZES = List.of(8, 65536, 1 << 20);

    /**
     * @throws IllegalArgumentException naming the bad option, with the usage
     */
    static MsgBenchOptions parse(String[] argv, Path defaultPeersScript) {
        boolean quick = false;
        boolean peers = false;
        Path script = defaultPeersScript;
        Path collScript = Path.of("examples", "peers", "run.sh");
        List<String> transports = List.of("shm", "sockets", "hybrid");
        List<Integer> ranks = null;
        List<Integer> sizes = null;
        Integer runs = null;
        Integer samples = null;
        Double sampleMs = null;
        List<String> jvm = new ArrayList<>();
        int peersLimit = 600;
        Path plots = null;
        for (int i = 0; i < argv.length; i++) {
            String a = argv[i];
            if (a.startsWith("-J") && a.length() > 2) {
                jvm.add(a);
                continue;
            }
            switch (a) {
                case "--quick" -> quick = true;
                case "--with-peers" -> peers = true;
                case "--peers-script" -> script = Path.of(value(argv, ++i, a));
                case "--coll-peers-script" -> collScript = Path.of(value(argv, ++i, a));
                case "--plots" -> plots = Path.of(value(argv, ++i, a));
                case "--transports" -> {
                    transports = List.of(value(argv, ++i, a).split(","));
                    for (String t : transports) {
                        if (!List.of("shm", "sockets", "hybrid").contains(t)) {
                            throw bad("--transports: unknown transport '" + t + "' (expected shm, sockets, hybrid)");
                        }
                    }
                }
                case "--ranks" -> ranks = positives(a, value(argv, ++i, a), 2);
                case "--sizes" -> sizes = positives(a, value(argv, ++i, a), 1);
                case "--peers-limit" -> peersLimit = positives(a, value(argv, ++i, a), 1).get(0);
                case "--runs" -> runs = positives(a, value(argv, ++i, a), 1).get(0);
                case "--samples" -> samples = positives(a, value(argv, ++i, a), 1).get(0);
                case "--sample-ms" -> sampleMs = (double) positives(a, value(argv, ++i, a), 1).get(0);
                case "--help", "-h" -> throw new IllegalArgumentException(USAGE);
                default -> throw bad("unknown option " + a);
            }
        }
        return new MsgBenchOptions(transports, ranks != null ? ranks : quick ? List.of(2) : List.of(2, 4, 8),
                sizes != null ? sizes : quick ? QUICK_SIZES : FULL_SIZES, COLL_SIZES,
                samples != null ? samples : quick ? 3 : 5,
                sampleMs != null ? sampleMs : quick ? 10 : 25, runs != null ? runs : quick ? 1 : 3, script, collScript,
                peers,
                peersLimit, List.copyOf(jvm), plots);
    }

    private static String value(String[] argv, int i, String option) {
        if (i >= argv.length) {
            throw bad(option + " needs a value");
        }
        return argv[i];
    }

    private static List<Integer> positives(String option, String list, int min) {
        List<Integer> out = new ArrayList<>();
        for (String s : list.split(",")) {
            try {
                int n = Integer.parseInt(s.trim());
                if (n >= min) {
                    out.add(n);
                    continue;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw bad(option + " " + list + ": '" + s + "' is not a number of at least " + min);
        }
        return out;
    }

    private static IllegalArgumentException bad(String what) {
        return new IllegalArgumentException("jomp-msgbench: " + what + "\n" + USAGE);
    }
}
