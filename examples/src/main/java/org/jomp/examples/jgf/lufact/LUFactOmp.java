package org.jomp.examples.jgf.lufact;

/**
 * LUFact with OpenMP directives: the sequential program plus three comments. One team runs every step; one thread
 * chooses the pivot (the barrier at the end of single publishes it), then the columns right of it are shared out.
 */
public final class LUFactOmp {
    private LUFactOmp() {
    }

    public static void factor(double[][] a, int[] ipvt) {
        int n = a.length;
        //omp parallel
        {
            for (int k = 0; k < n - 1; k++) {
                //omp single
                Linpack.pivot(a, k, ipvt);
                //omp for schedule(static)
                for (int j = k + 1; j < n; j++) {
                    Linpack.eliminate(a, k, j, ipvt[k]);
                }
            }
        }
        Linpack.lastPivot(a, ipvt);
    }
}
