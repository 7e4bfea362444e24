package org.jomp.examples.jgf.sparse;

/**
 * Java Grande Forum "SparseMatmult" kernel (section 2), written from its description: y += A·x repeated a fixed
 * number of times for a random sparse A, exercising indirect addressing. The sequential reference.
 */
public final class SparseMatmultSequential {
    private SparseMatmultSequential() {
    }

    public static void multiply(SparseMatrix a, double[] x, double[] y, int iterations) {
        for (int it = 0; it < iterations; it++) {
            for (int r = 0; r < a.n(); r++) {
                y[r] += a.rowTimes(r, x);
            }
        }
    }
}
