package org.jomp.examples.pi;

/** Monte Carlo pi, the sequential reference: counts the hits of every chunk in turn. */
public final class PiSequential {
    private PiSequential() {
    }

    public static PiResult estimate(PiProblem p) {
        long hits = 0;
        for (long c = 0; c < p.chunks(); c++) {
            hits += p.hitsInChunk(c);
        }
        return new PiResult(hits, p.samples());
    }
}
