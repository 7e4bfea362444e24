package org.jomp.examples.jgf.sparse;

import java.util.Arrays;
import java.util.Random;

/**
 * An n×n sparse matrix in compressed sparse row form: the entries of row r are {@code col[k], val[k]} for k in
 * {@code rowStart[r] .. rowStart[r + 1] - 1}. Row-wise storage lets threads own rows, so no two threads write the
 * same element of the product.
 */
public record SparseMatrix(int n, int[] rowStart, int[] col, double[] val) {

    /**
     * nz entries at uniformly random positions with uniformly random values, as the JGF kernel generates them
     * (positions may repeat; repeated entries add up in the product).
     */
    public static SparseMatrix random(int n, int nz, long seed) {
        if (n <= 0 || nz < 0) {
            throw new IllegalArgumentException("sparse matrix needs n > 0 and nz >= 0, got n=" + n + ", nz=" + nz);
        }
        Random random = new Random(seed);
        int[] rows = new int[nz];
        int[] cols = new int[nz];
        double[] vals = new double[nz];
        int[] rowStart = new int[n + 1];
        for (int k = 0; k < nz; k++) {
            rows[k] = random.nextInt(n);
            cols[k] = random.nextInt(n);
            vals[k] = random.nextDouble();
            rowStart[rows[k] + 1]++;
        }
        for (int r = 0; r < n; r++) {
            rowStart[r + 1] += rowStart[r];
        }
        int[] next = Arrays.copyOf(rowStart, n);
        int[] col = new int[nz];
        double[] val = new double[nz];
        for (int k = 0; k < nz; k++) {
            int at = next[rows[k]]++;
            col[at] = cols[k];
            val[at] = vals[k];
        }
        return new SparseMatrix(n, rowStart, col, val);
    }

    /** Row r of this matrix times x. */
    public double rowTimes(int r, double[] x) {
        double sum = 0;
        for (int k = rowStart[r], end = rowStart[r + 1]; k < end; k++) {
            sum += val[k] * x[col[k]];
        }
        return sum;
    }
}
