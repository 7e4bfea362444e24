package org.jomp.examples.pi;

import org.jomp.annotations.ParallelFor;
import org.jomp.annotations.Schedule;

/**
 * Monte Carlo pi with a JOMP annotation instead of a comment: the sequential program with {@code @ParallelFor} on
 * the loop index, which means what {@link PiOmp}'s {@code //omp parallel for} means.
 */
public final class PiAnnotated {
    private PiAnnotated() {
    }

    public static PiResult estimate(PiProblem p, int threads) {
        long hits = 0;
        for (@ParallelFor(numThreads = "threads", schedule = Schedule.STATIC, reduction = "+:hits") long c = 0;
                c < p.chunks(); c++) {
            hits += p.hitsInChunk(c);
        }
        return new PiResult(hits, p.samples());
    }
}
