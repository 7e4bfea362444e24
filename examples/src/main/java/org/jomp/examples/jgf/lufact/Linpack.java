package org.jomp.examples.jgf.lufact;

import java.util.Random;

/**
 * The steps of LINPACK's DGEFA (LU factorisation by Gaussian elimination with partial pivoting) and DGESL (the solve
 * with its factors), after Dongarra, Bunch, Moler and Stewart, "LINPACK Users' Guide" (SIAM 1979), on a matrix kept
 * by columns: {@code a[j][i]} is A(i, j), so every inner loop runs along one array. Shared by every LUFact variant so
 * they all time the same arithmetic.
 */
public final class Linpack {
    private Linpack() {
    }

    /** A random n×n matrix (entries uniform in [−0.5, 0.5), by columns) as LINPACK's MATGEN makes it. */
    public static double[][] randomMatrix(int n, long seed) {
        Random random = new Random(seed);
        double[][] a = new double[n][n];
        for (double[] column : a) {
            for (int i = 0; i < n; i++) {
                column[i] = random.nextDouble() - 0.5;
            }
        }
        return a;
    }

    /** A·x for a matrix by columns. */
    public static double[] times(double[][] a, double[] x) {
        double[] b = new double[a.length];
        for (int j = 0; j < a.length; j++) {
            for (int i = 0; i < b.length; i++) {
                b[i] += a[j][i] * x[j];
            }
        }
        return b;
    }

    /**
     * Step k, first half: records in ipvt[k] the row l of the largest |A(l, k)| at or below the diagonal, swaps it onto
     * the diagonal of column k and stores the negated multipliers below the diagonal.
     */
    static void pivot(double[][] a, int k, int[] ipvt) {
        double[] colK = a[k];
        int n = colK.length;
        int l = k;
        for (int i = k + 1; i < n; i++) {
            if (Math.abs(colK[i]) > Math.abs(colK[l])) {
                l = i;
            }
        }
        ipvt[k] = l;
        if (colK[l] == 0) {
            throw new ArithmeticException("LUFact: matrix is singular, column " + k + " has no nonzero pivot");
        }
        double t = colK[l];
        colK[l] = colK[k];
        colK[k] = t;
        double scale = -1 / t;
        for (int i = k + 1; i < n; i++) {
            colK[i] *= scale;
        }
    }

    /** Step k, second half, for column j &gt; k: the row interchange of step k, then column j += t · multipliers. */
    static void eliminate(double[][] a, int k, int j, int l) {
        double[] colJ = a[j];
        double[] colK = a[k];
        double t = colJ[l];
        if (l != k) {
            colJ[l] = colJ[k];
            colJ[k] = t;
        }
        for (int i = k + 1; i < colJ.length; i++) {
            colJ[i] += t * colK[i];
        }
    }

    /** The last pivot, which has no column to eliminate below it. */
    static void lastPivot(double[][] a, int[] ipvt) {
        int n = a.length;
        ipvt[n - 1] = n - 1;
        if (a[n - 1][n - 1] == 0) {
            throw new ArithmeticException("LUFact: matrix is singular, column " + (n - 1) + " has no nonzero pivot");
        }
    }

    /** DGESL: solves A·x = b in place in b, given the factors and pivots of A. */
    public static void solve(double[][] a, int[] ipvt, double[] b) {
        int n = a.length;
        for (int k = 0; k < n - 1; k++) {
            int l = ipvt[k];
            double t = b[l];
            if (l != k) {
                b[l] = b[k];
                b[k] = t;
            }
            double[] colK = a[k];
            for (int i = k + 1; i < n; i++) {
                b[i] += t * colK[i];
            }
        }
        for (int k = n - 1; k >= 0; k--) {
            double[] colK = a[k];
            b[k] /= colK[k];
            double t = -b[k];
            for (int i = 0; i < k; i++) {
                b[i] += t * colK[i];
            }
        }
    }

    /**
     * LINPACK's normalised residual ‖A·x − b‖∞ / (n · ‖A‖∞ · ‖x‖∞ · ε) for the original matrix
     * a: of order 1 for a backward-stable solve; LINPACK's benchmark accepts values below about 10 to 100.
     */
    public static double normalisedResidual(double[][] a, double[] x, double[] b) {
        int n = a.length;
        double[] ax = times(a, x);
        double residual = 0;
        double normX = 0;
        for (int i = 0; i < n; i++) {
            residual = Math.max(residual, Math.abs(ax[i] - b[i]));
            normX = Math.max(normX, Math.abs(x[i]));
        }
        double normA = 0;
        for (int i = 0; i < n; i++) {
            double rowSum = 0;
            for (int j = 0; j < n; j++) {
                rowSum += Math.abs(a[j][i]);
            }
            normA = Math.max(normA, rowSum);
        }
        return residual / (n * normA * normX * Math.ulp(1.0));
    }
}
