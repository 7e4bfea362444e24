package org.jomp.examples.qr;

/**
 * Householder QR with column pivoting with OpenMP directives: the sequential program plus one comment. In each step
 * the team updates the remaining columns; columns are dealt round robin because finished columns are spread
 * unevenly. Choosing the pivot stays sequential: it is O(n) against the update's O(m n).
 */
public final class QrOmp {
    private QrOmp() {
    }

    public static QrResult factor(QrProblem p, int threads) {
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
            //omp parallel for num_threads(threads) schedule(static, 1)
            for (int j = 0; j < n; j++) {
                if (!done[j]) {
                    weight[j] = Householder.apply(h, a[j], k, m);
                }
            }
        }
        return QrResult.assemble(m, n, a, permutation, reflectors);
    }
}
