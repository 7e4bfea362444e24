package org.jomp.examples.jgf.sparse;

/**
 * SparseMatmult with OpenMP directives: the sequential program plus two comments; one team runs every iteration and
 * each thread accumulates a block of rows of y.
 */
public final class SparseMatmultOmp {
    private SparseMatmultOmp() {
    }

    public static void multiply(SparseMatrix a, double[] x, double[] y, int iterations) {
        //omp parallel
        {
            for (int it = 0; it < iterations; it++) {
                //omp for schedule(static)
                for (int r = 0; r < a.n(); r++) {
                    y[r] += a.rowTimes(r, x);
                }
            }
        }
    }
}
