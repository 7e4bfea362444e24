package org.jomp.examples.compare;

import java.util.function.IntFunction;

/**
 * An example in the comparison: its name, the classes of its variants (their sources are counted), its default and
 * quick problem sizes and how to make a workload of a given size.
 *
 * @param spmdClass the SPMD variant's class, or null when there is none
 * @param differences how the hand-written version is organised differently from the generated one (its barriers,
 *        its schedule), quoted in the report where the generated version misses the target
 */
public record Example(String name, String description, Class<?> sequentialClass, Class<?> directiveClass,
        Class<?> handWrittenClass, Class<?> spmdClass, int defaultSize, int quickSize, String differences,
        IntFunction<Workload> workload) {
}
