package org.jomp.examples.epcc.method;

import java.util.OptionalLong;

/**
 * Checks a kernel before it is timed: that it runs the work the expected number of times and returns the expected
 * value, and in what share of calls every thread of the team ran work, so a "parallel" baseline that quietly ran
 * on the caller alone is exposed rather than believed.
 */
public final class KernelCheck {
    /** Calls made to estimate how often the whole team took part. */
    public static final int PARTICIPATION_CALLS = 50;

    private KernelCheck() {
    }

    /** Runs one test of {@code innerReps} and throws {@link BenchmarkFailure} naming what differs. */
    public static void verify(String name, Kernel kernel, Delay delay, int innerReps, long expectedCalls,
                              OptionalLong expectedResult) {
        CountingWork work = new CountingWork(delay);
        long result = run(name, kernel, innerReps, work);
        if (work.calls() != expectedCalls) {
            throw new BenchmarkFailure(name + ": " + innerReps + " inner repetitions ran the work " + work.calls()
                    + " times, expected " + expectedCalls);
        }
        if (expectedResult.isPresent() && result != expectedResult.getAsLong()) {
            throw new BenchmarkFailure(name + ": " + innerReps + " inner repetitions returned " + result
                    + ", expected " + expectedResult.getAsLong());
        }
    }

    /** The share of {@link #PARTICIPATION_CALLS} calls of {@code innerReps} in which all threads ran work. */
    public static double fullTeamShare(String name, Kernel kernel, Delay delay, int innerReps, int threads) {
        int full = 0;
        for (int call = 0; call < PARTICIPATION_CALLS; call++) {
            CountingWork work = new CountingWork(delay);
            run(name, kernel, innerReps, work);
            if (work.distinctThreads() >= threads) {
                full++;
            }
        }
        return (double) full / PARTICIPATION_CALLS;
    }

    private static long run(String name, Kernel kernel, int innerReps, Work work) {
        try {
            return kernel.run(innerReps, work);
        } catch (Throwable t) {
            throw new BenchmarkFailure(name + " threw with " + innerReps + " inner repetitions: " + t, t);
        }
    }
}
