package org.jomp.examples.floyd;

/** Floyd–Warshall all-pairs shortest paths (Floyd 1962), the sequential reference every variant must match. */
public final class FloydSequential {
    private FloydSequential() {
    }

    /** Replaces the n×n row-major distance matrix d by its shortest-path distances. */
    public static void solve(int[] d, int n) {
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                relax(d, i * n, d[i * n + k], d, k * n, n);
            }
        }
    }

    /**
     * row[j] = min(row[j], dik + rowK[j]) for the n entries of one row starting at rowStart; shared by every variant so
     * they all time the same kernel. Row k itself does not change in step k (d[k][k] is 0), so reading it while other
     * rows are relaxed is safe.
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
