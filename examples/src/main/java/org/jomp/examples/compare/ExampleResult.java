package org.jomp.examples.compare;

import java.util.List;

/**
 * Everything the report says about one example: its code sizes and its timings.
 *
 * @param spmd code size of the SPMD version, or null when there is none
 */
public record ExampleResult(String name, String description, String size, String differences, CodeSize directive,
        CodeSize handWritten, CodeSize spmd, List<Timing> timings) {

    public ExampleResult {
        timings = List.copyOf(timings);
    }

    /** Median seconds of a variant with a number of workers, or NaN when it was not run. */
    public double median(Variant variant, int workers) {
        for (Timing t : timings) {
            if (t.variant() == variant && t.workers() == workers) {
                return t.median();
            }
        }
        return Double.NaN;
    }

    /** Sequential median over the variant's median: the speedup, or NaN when either was not run. */
    public double speedup(Variant variant, int workers) {
        return median(Variant.SEQUENTIAL, 1) / median(variant, workers);
    }

    /** Generated over hand-written median time with a number of threads: above 1 means generated is slower. */
    public double generatedOverHandWritten(int threads) {
        return median(Variant.DIRECTIVE, threads) / median(Variant.HAND_WRITTEN, threads);
    }

    /**
     * The spread of a variant's repetitions, (slowest − fastest) / median: a gap between two variants smaller than
     * their spreads is within the noise of the run.
     */
    public double spread(Variant variant, int workers) {
        for (Timing t : timings) {
            if (t.variant() == variant && t.workers() == workers) {
                double lo = Double.MAX_VALUE;
                double hi = 0;
                for (double s : t.seconds()) {
                    lo = Math.min(lo, s);
                    hi = Math.max(hi, s);
                }
                return (hi - lo) / t.median();
            }
        }
        return Double.NaN;
    }
}
