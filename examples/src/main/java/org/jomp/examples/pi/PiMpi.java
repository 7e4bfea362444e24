package org.jomp.examples.pi;

/**
 * Monte Carlo pi as an SPMD program written with {@code //mpi} directives only: the sequential program plus one
 * comment. Translated by JOMP, rank r counts a block of chunks and the sum reduction gives every rank the total.
 */
public final class PiMpi {
    private PiMpi() {
    }

    /** Every rank passes the same problem and gets the result. */
    public static PiResult estimate(PiProblem p) {
        long hits = 0;
        long chunks = p.chunks();
        //mpi for reduction(+:hits)
        for (long c = 0; c < chunks; c++) {
            hits += p.hitsInChunk(c);
        }
        return new PiResult(hits, p.samples());
    }
}
