package org.jomp.examples.mandelbrot;

/** The Mandelbrot set by escape time, row by row: the sequential reference; returns the row-major counts. */
public final class MandelbrotSequential {
    private MandelbrotSequential() {
    }

    public static int[] compute(MandelbrotProblem p) {
        int width = p.width();
        int[] counts = new int[width * p.height()];
        for (int y = 0; y < p.height(); y++) {
            p.row(y, counts, y * width);
        }
        return counts;
    }
}
