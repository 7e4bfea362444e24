package org.jomp.examples.mandelbrot;

/**
 * The Mandelbrot set with OpenMP directives: the sequential program plus one comment. Rows are handed out one at a
 * time (dynamic schedule) because their cost varies by orders of magnitude.
 */
public final class MandelbrotOmp {
    private MandelbrotOmp() {
    }

    public static int[] compute(MandelbrotProblem p, int threads) {
        int width = p.width();
        int[] counts = new int[width * p.height()];
        //omp parallel for num_threads(threads) schedule(dynamic, 1)
        for (int y = 0; y < p.height(); y++) {
            p.row(y, counts, y * width);
        }
        return counts;
    }
}
