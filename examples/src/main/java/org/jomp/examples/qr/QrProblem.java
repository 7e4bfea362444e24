package org.jomp.examples.qr;

import java.util.SplittableRandom;

/** An m×n matrix (m ≥ n) to factor, stored by columns: column j is {@code columns[j]}, m values long. */
public record QrProblem(int m, int n, double[][] columns) {

    public QrProblem {
        if (n < 1) {
            throw new IllegalArgumentException("QrProblem: n = " + n + " columns must be at least 1");
        }
        if (m < n) {
            throw new IllegalArgumentException("QrProblem: m = " + m + " rows must be at least n = " + n + " columns");
        }
        if (columns == null || columns.length != n) {
            throw new IllegalArgumentException("QrProblem: columns must hold n = " + n + " columns, has "
                    + (columns == null ? "none (null)" : columns.length));
        }
        for (int j = 0; j < n; j++) {
            if (columns[j] == null || columns[j].length != m) {
                throw new IllegalArgumentException("QrProblem: column " + j + " must hold m = " + m + " values, has "
                        + (columns[j] == null ? "none (null)" : columns[j].length));
            }
        }
    }

    /** A random m×n matrix with entries uniform in [-1, 1); the same seed always gives the same matrix. */
    public static QrProblem random(int m, int n, long seed) {
        if (n < 1 || m < n) {
            throw new IllegalArgumentException("QrProblem.random: need m >= n >= 1, got m = " + m + ", n = " + n);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        double[][] columns = new double[n][m];
        for (double[] column : columns) {
            for (int i = 0; i < m; i++) {
                column[i] = rnd.nextDouble(-1, 1);
            }
        }
        return new QrProblem(m, n, columns);
    }

    /** A working copy of the columns, which the factorisations overwrite. */
    double[][] copyColumns() {
        double[][] copy = new double[n][];
        for (int j = 0; j < n; j++) {
            copy[j] = columns[j].clone();
        }
        return copy;
    }

    /** max |(Q R)_ic - A_i,perm(c)| / max |A_ij|: the independent check that Q R equals the permuted matrix. */
    public double factorisationError(QrResult result) {
        double[][] q = result.thinQ();
        double worst = 0;
        double scale = 0;
        for (int c = 0; c < n; c++) {
            double[] original = columns[result.permutation()[c]];
            for (int i = 0; i < m; i++) {
                double qr = 0;
                for (int k = 0; k <= c; k++) {
                    qr += q[k][i] * result.r(k, c);
                }
                worst = Math.max(worst, Math.abs(qr - original[i]));
                scale = Math.max(scale, Math.abs(original[i]));
            }
        }
        return scale == 0 ? worst : worst / scale;
    }
}
