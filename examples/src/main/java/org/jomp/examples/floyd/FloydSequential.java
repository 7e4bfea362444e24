package org.jomp.examples.floyd;

/** Floyd–Warshall all-pairs shortest paths (Floyd 1962), the sequential reference every variant must match. */
public final class FloydSequential {
    private FloydSequential() {
    }

    /**
     * Replaces the n×n row-major distance matrix d by its shortest-path distances. Row k is read from a copy, as the
     * SPMD variant must (it receives row k by broadcast): with the same kernel in every variant the speedups compare
     * like with like (reading row k from d itself measured 6–16% slower on JDK 17, where the JIT cannot rule out that
     * the row written and the row read overlap).
     */
    public static void solve(int[] d, int n) {
        int[] rowK = new int[n];
        for (int k = 0; k < n; k++) {
            System.arraycopy(d, k * n, rowK, 0, n);
            for (int i = 0; i < n; i++) {
                relax(d, i * n, d[i * n + k], rowK, 0, n);
            }
        }
    }

    /**
     * row[j] = min(row[j], dik + rowK[j]) for the n entries of one row starting at rowStart; shared by every variant so
     * they all time the same kernel. Row k itself does not change in step k (d[k][k] is 0), so a copy taken at the
     * start of the step stays valid while the rows are relaxed.
     */
    static void relax(int[] row, int rowStart, int dik, int[] rowK, int rowKStart, int n) {
        if (dik >= Graph.INF) {
            return;
        }
        for (int j = 0; j < n; j++) {
            int through = dik + rowK[rowKStart + j];
            if (through < row[rowStart + j]) {
                row[rowStart + j] = through;
            }
        }
    }
}
