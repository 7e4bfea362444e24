package org.jomp.examples.compare;

import java.util.concurrent.ExecutorService;

/**
 * One example at one problem size, as the comparison times it. {@link #reset} makes a fresh input before every timed
 * run and is not timed; each run leaves its answer for {@link #answer}, which is checked against the sequential run's.
 */
public interface Workload {
    /** The problem size in the example's own terms, for the report ("n=1200"). */
    String size();

    void reset();

    void sequential() throws Exception;

    /** The translated {@code //omp} version on a team of the given size. */
    void directive(int threads) throws Exception;

    /** The hand-written java.util.concurrent version on a pool of exactly {@code threads} threads. */
    void handWritten(ExecutorService pool, int threads) throws Exception;

    /** Whether the example has this version; every example has the shared-memory ones. */
    default boolean has(Variant variant) {
        return variant.mode() == Variant.Mode.SHARED_MEMORY;
    }

    /**
     * An SPMD or hybrid version with {@code layout.ranks()} ranks as threads of this JVM, each rank's parallel regions
     * on a team of {@code layout.threads()}.
     */
    default void ranks(Variant variant, Layout layout) throws Exception {
        throw new UnsupportedOperationException(size() + ": this example has no " + variant.label() + " version");
    }

    /** The answer of the last run, compared with the sequential one by {@link #mismatch}. */
    Object answer();

    /** The example's own validation of an answer (JGF style): why it is wrong, or null when it passes. */
    default String invalid(Object answer) {
        return null;
    }

    /** Why actual differs from the sequential answer, or null when it matches. */
    String mismatch(Object sequential, Object actual);
}
