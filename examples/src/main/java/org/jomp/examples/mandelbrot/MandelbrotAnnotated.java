package org.jomp.examples.mandelbrot;

import org.jomp.annotations.ParallelFor;
import org.jomp.annotations.Schedule;

/**
 * The Mandelbrot set with a JOMP annotation instead of a comment: rows handed out one at a time, as
 * {@link MandelbrotOmp}'s {@code //omp parallel for schedule(dynamic, 1)} does.
 */
public final class MandelbrotAnnotated {
    private MandelbrotAnnotated() {
    }

    public static int[] compute(MandelbrotProblem p, int threads) {
        int width = p.width();
        int[] counts = new int[width * p.height()];
        for (@ParallelFor(numThreads = "threads", schedule = Schedule.DYNAMIC, chunk = "1") int y = 0;
                y < p.height(); y++) {
            p.row(y, counts, y * width);
        }
        return counts;
    }
}
