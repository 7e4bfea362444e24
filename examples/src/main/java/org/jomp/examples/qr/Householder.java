package org.jomp.examples.qr;

/**
 * The numerical kernel of QR with column pivoting (Businger and Golub 1965; Golub and Van Loan, Matrix Computations,
 * §5.4.1), shared by every variant so that all of them compute the same bits and time the same work.
 */
final class Householder {
    private Householder() {
    }

    /**
     * Turns rows k..m-1 of {@code column} into (alpha, 0, ..., 0) by the reflector H = I - tau v v^T and returns
     * {tau, v_0, ..., v_(m-k-1)}. alpha takes the sign opposite to the leading entry, so v_0 never cancels.
     */
    static double[] reflector(double[] column, int k, int m) {
        double[] h = new double[m - k + 1];
        double sigma = Math.sqrt(squaredNorm(column, k, m));
        if (sigma == 0) {
            return h;
        }
        double alpha = column[k] >= 0 ? -sigma : sigma;
        System.arraycopy(column, k, h, 1, m - k);
        h[1] -= alpha;
        double vv = 0;
        for (int i = 1; i < h.length; i++) {
            vv += h[i] * h[i];
        }
        h[0] = 2 / vv;
        column[k] = alpha;
        for (int i = k + 1; i < m; i++) {
            column[i] = 0;
        }
        return h;
    }

    /**
     * Applies the reflector h of step k to rows k..m-1 of {@code column} and returns the squared norm of the rows
     * below k, the column's pivoting weight for the next step.
     */
    static double apply(double[] h, double[] column, int k, int m) {
        double dot = 0;
        for (int i = k; i < m; i++) {
            dot += h[i - k + 1] * column[i];
        }
        double s = h[0] * dot;
        for (int i = k; i < m; i++) {
            column[i] -= s * h[i - k + 1];
        }
        return squaredNorm(column, k + 1, m);
    }

    static double squaredNorm(double[] column, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += column[i] * column[i];
        }
        return sum;
    }

    /** The remaining column of largest weight, the smallest index among equals (the order every variant agrees on). */
    static int pivot(double[] weight, boolean[] done) {
        int best = -1;
        for (int j = 0; j < weight.length; j++) {
            if (!done[j] && (best < 0 || weight[j] > weight[best])) {
                best = j;
            }
        }
        return best;
    }
}
