package org.jomp.examples.floyd;

import org.jomp.msg.Comm;

/**
 * Floyd–Warshall as an SPMD program on the communicator, as in the CCJ and Parallel Java papers: rank r owns a block
 * of rows; in step k the owner of row k broadcasts it and every rank relaxes its own rows against it.
 */
public final class FloydSpmd {
    private FloydSpmd() {
    }

    /** First row of rank r's block. */
    static int firstRow(int n, int size, int r) {
        return (int) ((long) n * r / size);
    }

    /** The rank that owns row k. */
    static int owner(int n, int size, int k) {
        int r = (int) (((long) k * size + size - 1) / n);
        while (firstRow(n, size, r) > k) {
            r--;
        }
        while (firstRow(n, size, r + 1) <= k) {
            r++;
        }
        return r;
    }

    /**
     * Solves the graph held by rank 0 (d, n×n; other ranks pass null) and leaves the result in rank 0's d.
     * Rows are scattered from rank 0 and gathered back, so the timing includes the data distribution.
     */
    public static void solve(Comm comm, int[] d, int n) {
        int size = comm.size();
        int rank = comm.rank();
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int r = 0; r < size; r++) {
            displs[r] = firstRow(n, size, r) * n;
            counts[r] = firstRow(n, size, r + 1) * n - displs[r];
        }
        int lo = firstRow(n, size, rank);
        int rows = firstRow(n, size, rank + 1) - lo;
        int[] mine = new int[rows * n];
        comm.scatterv(d, counts, displs, mine, 0, mine.length, 0);
        int[] rowK = new int[n];
        for (int k = 0; k < n; k++) {
            int root = owner(n, size, k);
            if (root == rank) {
                System.arraycopy(mine, (k - lo) * n, rowK, 0, n);
            }
            comm.bcast(rowK, 0, n, root);
            for (int i = 0; i < rows; i++) {
                FloydSequential.relax(mine, i * n, mine[i * n + k], rowK, 0, n);
            }
        }
        comm.gatherv(mine, 0, mine.length, d, counts, displs, 0);
    }
}
