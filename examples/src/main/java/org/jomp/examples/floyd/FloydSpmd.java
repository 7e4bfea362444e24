package org.jomp.examples.floyd;

import org.jomp.msg.Comm;

/**
 * Floyd–Warshall as an SPMD program on the communicator, as in the CCJ and Parallel Java papers: rank r owns a block
 * of rows; in step k the owner of row k broadcasts it and every rank relaxes its own rows against it.
 */
public final class FloydSpmd {
    private FloydSpmd() {
    }

    /**
     * Solves the graph held by rank 0 (d, n×n; other ranks pass null) and leaves the result in rank 0's d.
     * Rows are scattered from rank 0 and gathered back, so the timing includes the data distribution.
     */
    public static void solve(Comm comm, int[] d, int n) {
        int rank = comm.rank();
        RowBlocks blocks = RowBlocks.of(n, comm.size());
        int lo = blocks.firstRow(rank);
        int rows = blocks.rows(rank);
        int[] mine = new int[rows * n];
        comm.scatterv(d, blocks.counts(), blocks.displs(), mine, 0, mine.length, 0);
        int[] rowK = new int[n];
        for (int k = 0; k < n; k++) {
            int root = blocks.owner(k);
            if (root == rank) {
                System.arraycopy(mine, (k - lo) * n, rowK, 0, n);
            }
            comm.bcast(rowK, 0, n, root);
            for (int i = 0; i < rows; i++) {
                FloydSequential.relax(mine, i * n, mine[i * n + k], rowK, 0, n);
            }
        }
        comm.gatherv(mine, 0, mine.length, d, blocks.counts(), blocks.displs(), 0);
    }
}
