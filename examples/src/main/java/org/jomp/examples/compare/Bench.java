package org.jomp.examples.compare;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Times the variants of one example: each variant is warmed up, then run {@code repetitions} times; the generated and
 * the hand-written versions alternate run by run (and which goes first alternates too), so drifting load hits both
 * alike. Every answer is validated and compared with the sequential one after the clock stops.
 */
public final class Bench {
    @FunctionalInterface
    private interface Run {
        void run() throws Exception;
    }

    private final int warmups;
    private final int repetitions;
    private final int[] workers;
    private final PrintStream log;

    public Bench(int warmups, int repetitions, int[] workers, PrintStream log) {
        if (warmups < 0 || repetitions < 1) {
            throw new IllegalArgumentException("need warmups >= 0 and repetitions >= 1, got " + warmups + " and "
                    + repetitions);
        }
        this.warmups = warmups;
        this.repetitions = repetitions;
        this.workers = workers.clone();
        this.log = log;
    }

    public List<Timing> run(Example example, Workload w) throws Exception {
        List<Timing> timings = new ArrayList<>();
        w.reset();
        w.sequential();
        Object reference = w.answer();
        String wrong = w.invalid(reference);
        if (wrong != null) {
            throw new IllegalStateException(example.name() + " sequential, " + w.size() + ": " + wrong);
        }
        timings.add(time(example, w, reference, Variant.SEQUENTIAL, 1, w::sequential));
        for (int t : workers) {
            ExecutorService pool = Executors.newFixedThreadPool(t);
            try {
                double[][] pair = new double[2][repetitions];
                Run directive = () -> w.directive(t);
                Run hand = () -> w.handWritten(pool, t);
                for (int k = 0; k < warmups; k++) {
                    once(example, w, reference, Variant.DIRECTIVE, t, directive);
                    once(example, w, reference, Variant.HAND_WRITTEN, t, hand);
                }
                for (int k = 0; k < repetitions; k++) {
                    boolean directiveFirst = k % 2 == 0;
                    pair[directiveFirst ? 0 : 1][k] = once(example, w, reference,
                            directiveFirst ? Variant.DIRECTIVE : Variant.HAND_WRITTEN, t, directiveFirst ? directive : hand);
                    pair[directiveFirst ? 1 : 0][k] = once(example, w, reference,
                            directiveFirst ? Variant.HAND_WRITTEN : Variant.DIRECTIVE, t, directiveFirst ? hand : directive);
                }
                timings.add(logged(new Timing(example.name(), Variant.DIRECTIVE, t, pair[0])));
                timings.add(logged(new Timing(example.name(), Variant.HAND_WRITTEN, t, pair[1])));
            } finally {
                pool.shutdown();
            }
        }
        if (w.hasSpmd()) {
            for (int r : workers) {
                timings.add(time(example, w, reference, Variant.SPMD, r, () -> w.spmd(r)));
            }
        }
        return timings;
    }

    private Timing time(Example example, Workload w, Object reference, Variant variant, int n, Run run)
            throws Exception {
        for (int k = 0; k < warmups; k++) {
            once(example, w, reference, variant, n, run);
        }
        double[] seconds = new double[repetitions];
        for (int k = 0; k < repetitions; k++) {
            seconds[k] = once(example, w, reference, variant, n, run);
        }
        return logged(new Timing(example.name(), variant, n, seconds));
    }

    /** One timed run on a fresh input; the answer is checked after the clock stops. */
    private static double once(Example example, Workload w, Object reference, Variant variant, int n, Run run)
            throws Exception {
        w.reset();
        long start = System.nanoTime();
        run.run();
        double seconds = (System.nanoTime() - start) / 1e9;
        Object answer = w.answer();
        String wrong = w.invalid(answer);
        if (wrong == null) {
            wrong = w.mismatch(reference, answer);
        }
        if (wrong != null) {
            throw new IllegalStateException(example.name() + " " + variant.label() + " with " + n + ", " + w.size()
                    + ": " + wrong);
        }
        return seconds;
    }

    private Timing logged(Timing t) {
        log.printf(Locale.ROOT, "  %-14s %-24s %2d  median %8.4f s%n", t.example(), t.variant().label(), t.workers(),
                t.median());
        return t;
    }
}
