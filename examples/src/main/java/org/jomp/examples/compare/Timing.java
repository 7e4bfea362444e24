package org.jomp.examples.compare;

import java.util.Arrays;

/**
 * The timed runs of one variant of one example in one layout of ranks and threads.
 *
 * @param seconds wall time of every timed repetition, in the order run
 */
public record Timing(String example, Variant variant, Layout layout, double[] seconds) {

    public Timing {
        if (seconds.length == 0) {
            throw new IllegalArgumentException(example + " " + variant.label() + " with "
                    + layout.label(variant.mode()) + ": no repetitions");
        }
        seconds = seconds.clone();
    }

    /** The median repetition (the mean of the two middle ones for an even count). */
    public double median() {
        double[] sorted = seconds.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /**
     * (slowest − fastest) / median of the repetitions: a gap between two variants smaller than their spreads is
     * within the noise of the run.
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
}
