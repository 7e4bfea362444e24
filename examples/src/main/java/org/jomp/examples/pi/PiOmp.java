package org.jomp.examples.pi;

/** Monte Carlo pi with OpenMP directives: the sequential program plus one comment, the hits a sum reduction. */
public final class PiOmp {
    private PiOmp() {
    }

    public static PiResult estimate(PiProblem p, int threads) {
        long hits = 0;
        //omp parallel for num_threads(threads) schedule(static) reduction(+:hits)
        for (long c = 0; c < p.chunks(); c++) {
            hits += p.hitsInChunk(c);
        }
        return new PiResult(hits, p.samples());
    }
}
