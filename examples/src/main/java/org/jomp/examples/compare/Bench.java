package org.jomp.examples.compare;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.management.OperatingSystemMXBean;

/**
 * Times the variants of one example. The generated version and the hand-written one of a mode are timed as a pair in
 * each layout (with one thread, the sequential version joins them): all are warmed up alike, then they take turns run
 * by run, and which goes first rotates, so drifting load and the JIT's progress hit them alike. Every answer is
 * validated and compared with the sequential one after the clock stops.
 */
public final class Bench {
    @FunctionalInterface
    private interface Run {
        void run() throws Exception;
    }

    /** The JVM's CPU time (HotSpot's extension of the platform bean, in jdk.management). */
    private static final OperatingSystemMXBean PROCESS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private final int warmups;
    private final int repetitions;
    private final List<Layout> shared;
    private final List<Layout> spmd;
    private final List<Layout> hybrid;
    private final PrintStream log;

    /**
     * @param shared thread counts of the shared-memory versions
     * @param spmd rank counts of the SPMD versions (one thread per rank)
     * @param hybrid layouts of the hybrid versions
     */
    public Bench(int warmups, int repetitions, List<Layout> shared, List<Layout> spmd, List<Layout> hybrid,
            PrintStream log) {
        if (warmups < 0 || repetitions < 1) {
            throw new IllegalArgumentException("need warmups >= 0 and repetitions >= 1, got " + warmups + " and "
                    + repetitions);
        }
        this.warmups = warmups;
        this.repetitions = repetitions;
        this.shared = List.copyOf(shared);
        this.spmd = List.copyOf(spmd);
        this.hybrid = List.copyOf(hybrid);
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
        boolean sequentialTimed = false;
        for (Layout layout : shared) {
            int t = layout.threads();
            ExecutorService pool = Executors.newFixedThreadPool(t);
            try {
                List<Variant> variants = new ArrayList<>(List.of(Variant.DIRECTIVE, Variant.HAND_WRITTEN));
                List<Run> runs = new ArrayList<>(List.of(() -> w.directive(t), () -> w.handWritten(pool, t)));
                if (t == 1) {
                    // The sequential version takes its turn with the one-thread pair: timed alone and first, it
                    // ran while the JIT was still compiling the kernel (key search's first runs took 6 times longer).
                    variants.add(0, Variant.SEQUENTIAL);
                    runs.add(0, w::sequential);
                    sequentialTimed = true;
                }
                timings.addAll(time(example, w, reference, layout, variants, runs));
            } finally {
                pool.shutdown();
            }
        }
        if (!sequentialTimed) {
            timings.addAll(0, time(example, w, reference, Layout.threads(1), List.of(Variant.SEQUENTIAL),
                    List.of(w::sequential)));
        }
        for (Variant.Mode mode : new Variant.Mode[] {Variant.Mode.SPMD, Variant.Mode.HYBRID}) {
            List<Variant> present = new ArrayList<>();
            for (Variant v : Variant.pair(mode)) {
                if (w.has(v)) {
                    present.add(v);
                }
            }
            if (present.isEmpty()) {
                continue;
            }
            for (Layout layout : mode == Variant.Mode.SPMD ? spmd : hybrid) {
                List<Run> runs = new ArrayList<>();
                for (Variant v : present) {
                    runs.add(() -> w.ranks(v, layout));
                }
                timings.addAll(time(example, w, reference, layout, present, runs));
            }
        }
        return timings;
    }

    /**
     * Warms every variant up, then times them in turns: repetition k starts with variant k mod count, so each goes
     * first equally often.
     */
    private List<Timing> time(Example example, Workload w, Object reference, Layout layout, List<Variant> variants,
            List<Run> runs) throws Exception {
        int count = variants.size();
        for (int k = 0; k < warmups; k++) {
            for (int v = 0; v < count; v++) {
                once(example, w, reference, variants.get(v), layout, runs.get(v));
            }
        }
        double[][] seconds = new double[count][repetitions];
        double[][] cpu = new double[count][repetitions];
        for (int k = 0; k < repetitions; k++) {
            for (int i = 0; i < count; i++) {
                int v = (k + i) % count;
                double[] wallAndCpu = once(example, w, reference, variants.get(v), layout, runs.get(v));
                seconds[v][k] = wallAndCpu[0];
                cpu[v][k] = wallAndCpu[1];
            }
        }
        List<Timing> timings = new ArrayList<>();
        for (int v = 0; v < count; v++) {
            timings.add(logged(new Timing(example.name(), variants.get(v), layout, seconds[v], cpu[v])));
        }
        return timings;
    }

    /**
     * One timed run on a fresh input: its wall time and the JVM's CPU time in seconds. The answer is checked after the
     * clocks stop.
     */
    private static double[] once(Example example, Workload w, Object reference, Variant variant, Layout layout,
            Run run) throws Exception {
        w.reset();
        long cpuStart = PROCESS.getProcessCpuTime();
        long start = System.nanoTime();
        run.run();
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpu = (PROCESS.getProcessCpuTime() - cpuStart) / 1e9;
        Object answer = w.answer();
        String wrong = w.invalid(answer);
        if (wrong == null) {
            wrong = w.mismatch(reference, answer);
        }
        if (wrong != null) {
            throw new IllegalStateException(example.name() + " " + variant.label() + " with "
                    + layout.label(variant.mode()) + " " + variant.mode().unit() + ", " + w.size() + ": " + wrong);
        }
        return new double[] {seconds, cpu};
    }

    private Timing logged(Timing t) {
        log.printf(Locale.ROOT, "  %-14s %-34s %5s  median %8.4f s  spread %5.1f%%  CPU %8.4f s%n", t.example(),
                t.variant().label(), t.layout().label(t.variant().mode()), t.median(), t.spread() * 100,
                t.cpuMedian());
        return t;
    }
}
