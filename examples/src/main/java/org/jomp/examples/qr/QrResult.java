package org.jomp.examples.qr;

/**
 * A P = Q R: {@code permutation[c]} is the column of A that became column c; {@code r} is the n×n upper triangular
 * factor, row-major; Q is kept as the product of the n Householder reflectors, {@code reflectors[k]} in the layout of
 * {@link Householder#reflector}.
 */
public record QrResult(int m, int n, int[] permutation, double[] r, double[][] reflectors) {

    public double r(int row, int column) {
        return r[row * n + column];
    }

    /**
     * Builds the result from the factored columns: after step k nothing changes rows 0..k of the pivot column, so
     * column c of R is rows 0..c of the column chosen in step c.
     */
    static QrResult assemble(int m, int n, double[][] columns, int[] permutation, double[][] reflectors) {
        double[] r = new double[n * n];
        for (int c = 0; c < n; c++) {
            for (int k = 0; k <= c; k++) {
                r[k * n + c] = columns[permutation[c]][k];
            }
        }
        return new QrResult(m, n, permutation, r, reflectors);
    }

    /** The first n columns of Q = H_0 H_1 ... H_{n-1}, each m long: the reflectors applied to e_c, last first. */
    public double[][] thinQ() {
        double[][] q = new double[n][m];
        for (int c = 0; c < n; c++) {
            q[c][c] = 1;
            for (int k = n - 1; k >= 0; k--) {
                Householder.apply(reflectors[k], q[c], k, m);
            }
        }
        return q;
    }

    /** max |Q^T Q - I|: the independent check that Q's columns are orthonormal. */
    public double orthogonalityError() {
        double[][] q = thinQ();
        double worst = 0;
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                double dot = 0;
                for (int i = 0; i < m; i++) {
                    dot += q[a][i] * q[b][i];
                }
                worst = Math.max(worst, Math.abs(dot - (a == b ? 1 : 0)));
            }
        }
        return worst;
    }
}
