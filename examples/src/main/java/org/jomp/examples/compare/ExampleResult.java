package org.jomp.examples.compare;

import java.util.List;
import java.util.Map;

/**
 * Everything the report says about one example: its code sizes and its timings.
 *
 * @param sizes code size of every parallel version the example has, by variant
 */
public record ExampleResult(String name, String description, String size, String differences,
        Map<Variant, CodeSize> sizes, List<Timing> timings) {

    public ExampleResult {
        sizes = Map.copyOf(sizes);
        timings = List.copyOf(timings);
    }

    /** The timing of a variant in a layout, or null when it was not run. */
    public Timing timing(Variant variant, Layout layout) {
        for (Timing t : timings) {
            if (t.variant() == variant && t.layout().equals(layout)) {
                return t;
            }
        }
        return null;
    }

    /** Whether the variant was run at all. */
    public boolean has(Variant variant) {
        return timings.stream().anyMatch(t -> t.variant() == variant);
    }

    /** Median seconds of a variant in a layout, or NaN when it was not run. */
    public double median(Variant variant, Layout layout) {
        Timing t = timing(variant, layout);
        return t == null ? Double.NaN : t.median();
    }

    /** Sequential median over the variant's median: the speedup, or NaN when either was not run. */
    public double speedup(Variant variant, Layout layout) {
        return median(Variant.SEQUENTIAL, Layout.threads(1)) / median(variant, layout);
    }

    /**
     * Generated over hand-written median time in a mode and layout: above 1 means generated is slower; NaN when either
     * was not run.
     */
    public double generatedOverHandWritten(Variant.Mode mode, Layout layout) {
        Variant[] pair = Variant.pair(mode);
        return median(pair[0], layout) / median(pair[1], layout);
    }

    /**
     * Generated over hand-written median CPU time in a mode and layout: whether the generated version does more work
     * (its loops compiled worse, its threads spinning longer), whatever the load of the machine; NaN when either was
     * not run.
     */
    public double cpuGeneratedOverHandWritten(Variant.Mode mode, Layout layout) {
        Variant[] pair = Variant.pair(mode);
        Timing generated = timing(pair[0], layout);
        Timing hand = timing(pair[1], layout);
        return generated == null || hand == null ? Double.NaN : generated.cpuMedian() / hand.cpuMedian();
    }

    /** The spread of a variant's repetitions in a layout ({@link Timing#spread}), or NaN when it was not run. */
    public double spread(Variant variant, Layout layout) {
        Timing t = timing(variant, layout);
        return t == null ? Double.NaN : t.spread();
    }
}
