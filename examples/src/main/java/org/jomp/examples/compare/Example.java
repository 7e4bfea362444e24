package org.jomp.examples.compare;

import java.util.Map;
import java.util.function.IntFunction;

/**
 * An example in the comparison: its name, the classes of its variants (their sources are counted), its default and
 * quick problem sizes and how to make a workload of a given size.
 *
 * @param classes the class of every version the example has, by variant, the sequential one included
 * @param differences how the hand-written version is organised differently from the generated one (its barriers,
 *        its schedule), quoted in the report where the generated version misses the target
 */
public record Example(String name, String description, Map<Variant, Class<?>> classes, int defaultSize,
        int quickSize, String differences, IntFunction<Workload> workload) {

    public Example {
        classes = Map.copyOf(classes);
        for (Variant v : new Variant[] {Variant.SEQUENTIAL, Variant.DIRECTIVE, Variant.HAND_WRITTEN}) {
            if (!classes.containsKey(v)) {
                throw new IllegalArgumentException(name + ": no " + v.label() + " version");
            }
        }
    }

    public Class<?> sequentialClass() {
        return classes.get(Variant.SEQUENTIAL);
    }
}
