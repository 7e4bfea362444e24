package org.jomp.examples.floyd;

import org.jomp.msg.Comm;

/**
 * Floyd–Warshall, hybrid: ranks exchange row k by message passing and a thread team inside each rank relaxes the
 * rank's rows (Parallel Java's hybrid Floyd: one thread of the team receives the broadcast in a single construct,
 * whose implied barrier publishes row k to the others).
 */
public final class FloydHybrid {
    private FloydHybrid() {
    }

    public static void solve(Comm comm, int[] d, int n) {
        int rank = comm.rank();
        RowBlocks blocks = RowBlocks.of(n, comm.size());
        int lo = blocks.firstRow(rank);
        int rows = blocks.rows(rank);
        int[] mine = new int[rows * n];
        comm.scatterv(d, blocks.counts(), blocks.displs(), mine, 0, mine.length, 0);
        int[] rowK = new int[n];
        //omp parallel
        {
            for (int k = 0; k < n; k++) {
                //omp single
                {
                    int root = blocks.owner(k);
                    if (root == rank) {
                        System.arraycopy(mine, (k - lo) * n, rowK, 0, n);
                    }
                    comm.bcast(rowK, 0, n, root);
                }
                //omp for schedule(static)
                for (int i = 0; i < rows; i++) {
                    FloydSequential.relax(mine, i * n, mine[i * n + k], rowK, 0, n);
                }
            }
        }
        comm.gatherv(mine, 0, mine.length, d, blocks.counts(), blocks.displs(), 0);
    }
}
