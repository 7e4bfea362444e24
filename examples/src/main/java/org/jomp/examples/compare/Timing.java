package org.jomp.examples.compare;

import java.util.Arrays;

/**
 * The timed runs of one variant of one example with a number of workers (threads, or ranks for SPMD).
 *
 * @param seconds wall time of every timed repetition, in the order run
 */
public record Timing(String example, Variant variant, int workers, double[] seconds) {

    public Timing {
        if (seconds.length == 0) {
            throw new IllegalArgumentException(example + " " + variant.label() + " with " + workers
                    + ": no repetitions");
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
}
