package org.jomp.examples.compare;

import java.util.Arrays;

/**
 * The timed runs of one variant of one example in one layout of ranks and threads.
 *
 * @param seconds wall time of every timed repetition, in the order run
 * @param cpuSeconds the CPU time the whole JVM spent in each of those repetitions, every thread's together (it ticks
 *        in steps of about 10 ms on Linux): the work a version did, which other programs on the machine cannot
 *        lengthen as they lengthen wall time
 */
public record Timing(String example, Variant variant, Layout layout, double[] seconds, double[] cpuSeconds) {

    public Timing {
        if (seconds.length == 0 || cpuSeconds.length != seconds.length) {
            throw new IllegalArgumentException(example + " " + variant.label() + " with "
                    + layout.label(variant.mode()) + ": " + (seconds.length == 0 ? "no repetitions"
                            : seconds.length + " wall times but " + cpuSeconds.length + " CPU times"));
        }
        seconds = seconds.clone();
        cpuSeconds = cpuSeconds.clone();
    }

    /** The median repetition's wall time. */
    public double median() {
        return median(seconds);
    }

    /** The median repetition's CPU time. */
    public double cpuMedian() {
        return median(cpuSeconds);
    }

    /**
     * (slowest − fastest) / median of the repetitions' wall times: a gap between two variants smaller than their
     * spreads is within the noise of the run.
     */
    public double spread() {
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (double s : seconds) {
            lo = Math.min(lo, s);
            hi = Math.max(hi, s);
        }
        return (hi - lo) / median();
    }

    /** The middle value (the mean of the two middle ones for an even count). */
    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
