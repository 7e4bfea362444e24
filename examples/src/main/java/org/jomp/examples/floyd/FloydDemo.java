package org.jomp.examples.floyd;

import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.jomp.msg.Comm;
import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.runtime.Omp;

/**
 * The flagship example (the README's main job): all-pairs shortest paths solved sequentially, with OpenMP
 * directives (SMP), by hand with java.util.concurrent, as an SPMD program whose ranks are threads of this JVM, and
 * hybrid (ranks × threads). Prints one table row per run: time (best of the repetitions), speedup over the
 * sequential run, and whether the answer equals the sequential one.
 *
 * <p>Usage: {@code FloydDemo [--n N] [--threads T] [--ranks R] [--repeat K] [--seed S]}
 */
public final class FloydDemo {
    private int n = 1200;
    private int threads = Math.max(2, Runtime.getRuntime().availableProcessors());
    private int ranks = 2;
    private int repeat = 3;
    private long seed = 42;

    private double sequentialSeconds;
    private long expected;
    private boolean allCorrect = true;

    public static void main(String[] args) throws Exception {
        FloydDemo demo = new FloydDemo();
        demo.parse(args);
        System.exit(demo.run() ? 0 : 1);
    }

    private void parse(String[] args) {
        for (int a = 0; a < args.length; a++) {
            String opt = args[a];
            if (a + 1 >= args.length) {
                throw new IllegalArgumentException("FloydDemo: option " + opt + " needs a value");
            }
            String value = args[++a];
            switch (opt) {
                case "--n" -> n = positive(opt, value);
                case "--threads" -> threads = positive(opt, value);
                case "--ranks" -> ranks = positive(opt, value);
                case "--repeat" -> repeat = positive(opt, value);
                case "--seed" -> seed = Long.parseLong(value);
                default -> throw new IllegalArgumentException("FloydDemo: unknown option " + opt
                        + " (expected --n, --threads, --ranks, --repeat, --seed)");
            }
        }
    }

    private static int positive(String opt, String value) {
        int v;
        try {
            v = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("FloydDemo: " + opt + " must be a positive integer, got '" + value
                    + "'");
        }
        if (v <= 0) {
            throw new IllegalArgumentException("FloydDemo: " + opt + " must be a positive integer, got " + v);
        }
        return v;
    }

    private boolean run() throws Exception {
        int[] graph = Graph.random(n, 0.1, seed);
        System.out.printf(Locale.ROOT,
                "JOMP flagship: all-pairs shortest paths (Floyd-Warshall), n=%d, %d cores, Java %s%n",
                n, Runtime.getRuntime().availableProcessors(), Runtime.version());
        System.out.printf(Locale.ROOT, "%-7s %-38s %5s %7s %9s %8s  %s%n",
                "mode", "variant", "ranks", "threads", "time [s]", "speedup", "result");

        int[] reference = graph.clone();
        sequentialSeconds = best(() -> {
            int[] d = graph.clone();
            FloydSequential.solve(d, n);
            return d;
        }, reference);
        expected = Graph.checksum(reference);
        row("seq", "sequential", 1, 1, sequentialSeconds, true);

        Omp.setNumThreads(threads);
        measure("SMP", "//omp directives (JOMP)", 1, threads, () -> {
            int[] d = graph.clone();
            FloydOmp.solve(d, n);
            return d;
        });
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            measure("SMP", "hand-written (ExecutorService+barrier)", 1, threads, () -> {
                int[] d = graph.clone();
                FloydThreads.solve(d, n, pool, threads);
                return d;
            });
        } finally {
            pool.shutdown();
        }
        // The directive versions receive the broadcast graph into an array of their own on every rank.
        measure("SPMD", "//mpi directives (JOMP)", ranks, 1,
                () -> spmd(graph, 1, (world, d) -> FloydMpi.solve(d != null ? d : new int[n * n], n)));
        measure("SPMD", "hand-written (communicator)", ranks, 1,
                () -> spmd(graph, 1, (world, d) -> FloydSpmd.solve(world, d, n)));
        measure("hybrid", "//mpi + //omp directives (JOMP)", ranks, threads,
                () -> spmd(graph, threads, (world, d) -> FloydMpiHybrid.solve(d != null ? d : new int[n * n], n)));
        measure("hybrid", "hand-written (communicator + //omp)", ranks, threads,
                () -> spmd(graph, threads, (world, d) -> FloydHybrid.solve(world, d, n)));
        System.out.println(allCorrect ? "All variants match the sequential answer."
                : "MISMATCH: see the result column.");
        return allCorrect;
    }

    /** One rank's part of an SPMD solver: rank 0 passes the graph and gets the answer in it, the others null. */
    @FunctionalInterface
    private interface RankSolver {
        void solve(Comm world, int[] d) throws Exception;
    }

    /** Runs an SPMD (or hybrid) solver on {@code ranks} thread ranks of this JVM, each with a team of teamSize. */
    private int[] spmd(int[] graph, int teamSize, RankSolver solver) throws Exception {
        int[] d = graph.clone();
        EmbeddedLauncher.run(ranks, world -> {
            Omp.setNumThreads(teamSize);
            solver.solve(world, world.rank() == 0 ? d : null);
        });
        return d;
    }

    @FunctionalInterface
    private interface Solver {
        int[] solve() throws Exception;
    }

    private void measure(String mode, String variant, int r, int t, Solver solver) throws Exception {
        int[] answer = new int[n * n];
        double seconds = best(solver, answer);
        boolean ok = Graph.checksum(answer) == expected;
        allCorrect &= ok;
        row(mode, variant, r, t, seconds, ok);
    }

    /** Best wall time of the repetitions; copies the last answer into {@code answer}. */
    private double best(Solver solver, int[] answer) throws Exception {
        double best = Double.MAX_VALUE;
        for (int k = 0; k < repeat; k++) {
            long t0 = System.nanoTime();
            int[] d = solver.solve();
            best = Math.min(best, (System.nanoTime() - t0) / 1e9);
            System.arraycopy(d, 0, answer, 0, d.length);
        }
        return best;
    }

    private void row(String mode, String variant, int r, int t, double seconds, boolean ok) {
        System.out.println(String.format(Locale.ROOT, "%-7s %-38s %5d %7d %9.3f %8.2f  %s", mode, variant, r, t,
                seconds, sequentialSeconds / seconds, ok ? "ok" : "WRONG (checksum differs)"));
    }
}
