package org.jomp.examples.mandelbrot;

import java.io.Serializable;

/**
 * A width×height image of the rectangle [xMin, xMax] × [yMin, yMax] of the complex plane; each pixel's value is the
 * escape time of its centre, capped at maxIterations. Serializable so the SPMD master can broadcast it.
 */
public record MandelbrotProblem(int width, int height, double xMin, double yMin, double xMax, double yMax,
                                int maxIterations) implements Serializable {
    /** The largest array length every JVM allocates. */
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    public MandelbrotProblem {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("MandelbrotProblem: image size " + width + "x" + height
                    + " must be at least 1x1");
        }
        if ((long) width * height > MAX_ARRAY) {
            throw new IllegalArgumentException("MandelbrotProblem: image size " + width + "x" + height
                    + " has more pixels than one array holds (" + MAX_ARRAY + ")");
        }
        if (!(xMin < xMax) || !(yMin < yMax)) {
            throw new IllegalArgumentException("MandelbrotProblem: region [" + xMin + ", " + xMax + "] x [" + yMin
                    + ", " + yMax + "] is empty");
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("MandelbrotProblem: maxIterations = " + maxIterations
                    + " must be at least 1");
        }
    }

    /** The whole set, [-2, 0.6] × [-1.2, 1.2], at the given size. */
    public static MandelbrotProblem wholeSet(int width, int height, int maxIterations) {
        return new MandelbrotProblem(width, height, -2.0, -1.2, 0.6, 1.2, maxIterations);
    }

    /**
     * Writes the escape times of image row y into {@code counts} from {@code offset}: the work unit of every
     * variant. Rows near the set cost up to maxIterations per pixel, rows far from it almost nothing, hence the
     * dynamic schedules.
     */
    void row(int y, int[] counts, int offset) {
        double dx = (xMax - xMin) / width;
        double ci = yMin + (y + 0.5) * (yMax - yMin) / height;
        for (int x = 0; x < width; x++) {
            counts[offset + x] = escapeTime(xMin + (x + 0.5) * dx, ci, maxIterations);
        }
    }

    /** Iterations of z = z^2 + c from z = 0 until |z| > 2, at most {@code limit}. */
    static int escapeTime(double cr, double ci, int limit) {
        double zr = 0;
        double zi = 0;
        int k = 0;
        while (k < limit && zr * zr + zi * zi <= 4) {
            double t = zr * zr - zi * zi + cr;
            zi = 2 * zr * zi + ci;
            zr = t;
            k++;
        }
        return k;
    }
}
