package org.jomp.examples.epcc.method;

import java.util.List;

import org.jomp.examples.warmup.JitQuiescence;

/**
 * The EPCC measurement method (J. M. Bull, "Measuring Synchronisation and Scheduling Overheads in OpenMP", EWOMP
 * 1999; EPCC OpenMP micro-benchmark suite 3.x/4.0): a test repeats a construct {@code innerReps} times, where
 * innerReps is doubled until one test takes at least the target test time; the test is then timed over
 * {@code outerReps} outer repetitions and each time divided by innerReps. The overhead of the construct is that
 * time minus the time of a reference test that does the same work without the construct.
 *
 * <p>Two changes for a JVM on a shared machine: every kernel is warmed up for a fixed time first so the JIT has
 * compiled it, and the outer repetitions of all contestants of one construct are interleaved (JOMP, then each
 * baseline, then JOMP again...), so a burst of load from elsewhere hits all of them alike and their ratio holds;
 * and before timing, the main thread sleeps until the JIT has finished compiling what the warm-ups queued
 * ({@link JitQuiescence}).
 */
public final class EpccMethod {
    /** Above this count a test still takes no measurable time: the JIT has removed the work. */
    private static final int MAX_INNER_REPS = 1 << 30;

    private final int outerReps;
    private final double targetTestMicros;
    private final long warmUpNanos;
    private final boolean interleave;

    public EpccMethod(int outerReps, double targetTestMicros, double warmUpMillis) {
        this(outerReps, targetTestMicros, warmUpMillis, true);
    }

    /**
     * {@code interleave} false times each contestant's outer repetitions back to back, as EPCC does: its threads
     * then never sit idle between repetitions while other contestants run (which matters to a runtime whose idle
     * threads adapt how long they spin), at the price of ratios that drift with the load.
     */
    public EpccMethod(int outerReps, double targetTestMicros, double warmUpMillis, boolean interleave) {
        if (outerReps < 1) {
            throw new IllegalArgumentException("outer repetitions must be >= 1, got " + outerReps);
        }
        if (!(targetTestMicros > 0)) {
            throw new IllegalArgumentException("target test time must be > 0 us, got " + targetTestMicros);
        }
        if (warmUpMillis < 0) {
            throw new IllegalArgumentException("warm-up time must be >= 0 ms, got " + warmUpMillis);
        }
        this.outerReps = outerReps;
        this.targetTestMicros = targetTestMicros;
        this.warmUpNanos = (long) (warmUpMillis * 1e6);
        this.interleave = interleave;
    }

    public int outerReps() {
        return outerReps;
    }

    /**
     * Warms each contestant up, chooses its inner repetitions (starting from {@code minInnerReps}, a multiple of
     * the team size so work divided among threads stays whole), then times them, round-robin unless told not to.
     */
    public void measure(List<Contestant> contestants, int minInnerReps) {
        for (Contestant c : contestants) {
            warmUp(c, minInnerReps);
            c.innerReps(innerReps(c, minInnerReps));
            time(c, c.innerReps());
        }
        JitQuiescence.await();
        double[][] times = new double[contestants.size()][outerReps];
        if (interleave) {
            for (int k = 0; k < outerReps; k++) {
                for (int i = 0; i < contestants.size(); i++) {
                    Contestant c = contestants.get(i);
                    times[i][k] = time(c, c.innerReps()) / c.innerReps();
                }
            }
        } else {
            for (int i = 0; i < contestants.size(); i++) {
                Contestant c = contestants.get(i);
                time(c, c.innerReps());
                for (int k = 0; k < outerReps; k++) {
                    times[i][k] = time(c, c.innerReps()) / c.innerReps();
                }
            }
        }
        for (int i = 0; i < contestants.size(); i++) {
            contestants.get(i).times(Sample.of(times[i]));
        }
    }

    private void warmUp(Contestant c, int minInnerReps) {
        long end = System.nanoTime() + warmUpNanos;
        int reps = minInnerReps;
        do {
            if (time(c, reps) < targetTestMicros / 10 && reps < MAX_INNER_REPS / 2) {
                reps *= 2;
            }
        } while (System.nanoTime() < end);
    }

    /**
     * EPCC doubles innerReps until one test reaches the target time. One test that a descheduling stretched would
     * stop the doubling far too early (a 2-repetition test dominated by a single wake-up), so each size is tried
     * three times and judged by its fastest try.
     */
    private int innerReps(Contestant c, int minInnerReps) {
        int reps = minInnerReps;
        while (Math.min(time(c, reps), Math.min(time(c, reps), time(c, reps))) < targetTestMicros) {
            if (reps > MAX_INNER_REPS / 2) {
                throw new IllegalStateException(c.name() + ": " + reps + " inner repetitions still take less than "
                        + targetTestMicros + " us; the work has been optimised away");
            }
            reps *= 2;
        }
        return reps;
    }

    /** Elapsed microseconds of one test of {@code reps} inner repetitions. */
    private static double time(Contestant c, int reps) {
        long t0 = System.nanoTime();
        try {
            c.kernel().run(reps, c.work());
        } catch (Throwable t) {
            throw new BenchmarkFailure(c.name() + " failed with " + reps + " inner repetitions", t);
        }
        return (System.nanoTime() - t0) / 1e3;
    }
}
