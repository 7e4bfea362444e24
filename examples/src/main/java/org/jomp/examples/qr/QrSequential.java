package org.jomp.examples.qr;

/**
 * Householder QR with column pivoting, the sequential reference of the CCJ paper's QR application (seed 000 §4.2):
 * in step k the remaining column of largest norm is reduced to R's column k, and its reflector updates every other
 * remaining column.
 */
public final class QrSequential {
    private QrSequential() {
    }

    public static QrResult factor(QrProblem p) {
        int m = p.m();
        int n = p.n();
        double[][] a = p.copyColumns();
        double[] weight = new double[n];
        for (int j = 0; j < n; j++) {
            weight[j] = Householder.squaredNorm(a[j], 0, m);
        }
        boolean[] done = new boolean[n];
        int[] permutation = new int[n];
        double[][] reflectors = new double[n][];
        for (int k = 0; k < n; k++) {
            int pivot = Householder.pivot(weight, done);
            permutation[k] = pivot;
            done[pivot] = true;
            double[] h = Householder.reflector(a[pivot], k, m);
            reflectors[k] = h;
            for (int j = 0; j < n; j++) {
                if (!done[j]) {
                    weight[j] = Householder.apply(h, a[j], k, m);
                }
            }
        }
        return QrResult.assemble(m, n, a, permutation, reflectors);
    }
}
