package org.jomp.annotations;

/**
 * How the iterations of an annotated loop are divided among the threads of the team: the kinds of the
 * {@code schedule} clause of {@code //omp for}.
 *
 * <pre>{@code
 * for (@ParallelFor(schedule = Schedule.DYNAMIC, chunk = "4") int i = 0; i < n; i++) { ... }
 * }</pre>
 */
public enum Schedule {
    /** One block per thread, or round-robin chunks when a chunk is given; the default. */
    STATIC,
    /**
     * Chunks handed out on demand (chunk 1 unless given); nonmonotonic, as in OpenMP 5: threads steal chunks from
     * each other, so a thread may run a chunk before one it has run.
     */
    DYNAMIC,
    /** {@code schedule(monotonic: dynamic)}: chunks on demand from one counter, in increasing order per thread. */
    MONOTONIC_DYNAMIC,
    /** Chunks that shrink as the loop proceeds, never below the chunk given. */
    GUIDED,
    /** The runtime chooses. */
    AUTO,
    /** Read at run time from {@code OMP_SCHEDULE}, {@code -Djomp.schedule} or {@code Omp.setSchedule}. */
    RUNTIME
}
