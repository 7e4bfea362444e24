package org.jomp.annotations;

/**
 * How a distributed loop divides its iterations among the ranks: the kinds of the {@code schedule} clause of
 * {@code //mpi for}.
 *
 * <pre>{@code
 * for (@DistributedFor(schedule = Distribution.CYCLIC, chunk = "3") int i = 0; i < n; i++) { ... }
 * }</pre>
 */
public enum Distribution {
    /** One contiguous block per rank; the default. */
    BLOCK,
    /** Chunks dealt round robin to the ranks (chunk 1 unless given). */
    CYCLIC
}
