package org.jomp.it.multi.lib;

public final class Vectors {
    private Vectors() {
    }

    /** The dot product of two vectors of equal length, by a team of two threads. */
    public static double dot(double[] a, double[] b) {
        double sum = 0;
        //omp parallel for reduction(+:sum) num_threads(2)
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }
}
