package org.jomp.examples.jgf.lufact;

/**
 * Java Grande Forum "LUFact" kernel (section 2), written from its description: LINPACK-style LU factorisation with
 * partial pivoting of a random dense matrix, then the solve; valid when the normalised residual is small. The
 * sequential reference.
 */
public final class LUFactSequential {
    private LUFactSequential() {
    }

    /** Factors a (by columns) in place into L and U, recording the pivot rows in ipvt. */
    public static void factor(double[][] a, int[] ipvt) {
        int n = a.length;
        for (int k = 0; k < n - 1; k++) {
            Linpack.pivot(a, k, ipvt);
            for (int j = k + 1; j < n; j++) {
                Linpack.eliminate(a, k, j, ipvt[k]);
            }
        }
        Linpack.lastPivot(a, ipvt);
    }
}
