package org.jomp.it.multi.app;

import org.jomp.it.multi.lib.Vectors;

public final class Norms {
    private Norms() {
    }

    /** The squared norm of every row, rows shared among two threads, each row's norm from the library. */
    public static double[] squaredRowNorms(double[][] rows) {
        double[] norms = new double[rows.length];
        //omp parallel for schedule(dynamic, 1) num_threads(2)
        for (int r = 0; r < rows.length; r++) {
            norms[r] = Vectors.dot(rows[r], rows[r]);
        }
        return norms;
    }
}
