package org.jomp.examples.jgf.series;

/**
 * Series with OpenMP directives: the sequential program plus one comment. The coefficients are independent and cost
 * the same, so a static schedule gives each thread one contiguous block of them.
 */
public final class SeriesOmp {
    private SeriesOmp() {
    }

    public static double[][] coefficients(int n) {
        double[][] ab = new double[2][n];
        //omp parallel for schedule(static)
        for (int k = 0; k < n; k++) {
            SeriesSequential.coefficient(k, ab);
        }
        return ab;
    }
}
