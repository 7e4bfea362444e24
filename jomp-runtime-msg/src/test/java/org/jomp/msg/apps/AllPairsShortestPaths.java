package org.jomp.msg.apps;

import org.jomp.msg.Comm;

/**
 * ASP, the CCJ seed application (seed 000, section 4.1): Floyd-Warshall on an n x n distance matrix whose rows are
 * dealt to ranks cyclically; in iteration k the owner of row k broadcasts it and every rank relaxes its own rows.
 */
final class AllPairsShortestPaths {
    static final int INF = Integer.MAX_VALUE / 2;

    private AllPairsShortestPaths() {
    }

    /** Distances of a random sparse graph, the same on every rank for one seed. */
    static int[][] graph(int n, long seed) {
        java.util.Random rnd = new java.util.Random(seed);
        int[][] d = new int[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                d[i][j] = i == j ? 0 : rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(100) : INF;
            }
        }
        return d;
    }

    static void sequential(int[][] d) {
        int n = d.length;
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    d[i][j] = Math.min(d[i][j], d[i][k] + d[k][j]);
                }
            }
        }
    }

    /** Relaxes the rows this rank owns (i mod size == rank); other rows are left as they were. */
    static void parallel(Comm comm, int[][] d) {
        int n = d.length;
        int[] rowK = new int[n];
        for (int k = 0; k < n; k++) {
            int owner = k % comm.size();
            if (comm.rank() == owner) {
                System.arraycopy(d[k], 0, rowK, 0, n);
            }
            comm.bcast(rowK, 0, n, owner);
            for (int i = comm.rank(); i < n; i += comm.size()) {
                int[] row = d[i];
                int dik = row[k];
                for (int j = 0; j < n; j++) {
                    row[j] = Math.min(row[j], dik + rowK[j]);
                }
            }
        }
    }
}
