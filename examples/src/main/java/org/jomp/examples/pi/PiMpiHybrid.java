package org.jomp.examples.pi;

/**
 * Monte Carlo pi, hybrid, with directives only: {@link PiMpi} plus one {@code //omp} comment on the same loop, so
 * that the ranks divide the chunks in blocks and each rank's thread team divides the rank's block (team size from
 * {@code Omp.setNumThreads}, {@code -Djomp.threads} or {@code OMP_NUM_THREADS}). The team adds its counts first, then
 * the ranks do.
 */
public final class PiMpiHybrid {
    private PiMpiHybrid() {
    }

    /** Every rank passes the same problem and gets the result. */
    public static PiResult estimate(PiProblem p) {
        long hits = 0;
        long chunks = p.chunks();
        //mpi for reduction(+:hits)
        //omp parallel for schedule(static) reduction(+:hits)
        for (long c = 0; c < chunks; c++) {
            hits += p.hitsInChunk(c);
        }
        return new PiResult(hits, p.samples());
    }
}
