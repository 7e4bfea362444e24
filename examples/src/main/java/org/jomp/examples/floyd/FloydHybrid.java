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
        int size = comm.size();
        int rank = comm.rank();
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int r = 0; r < size; r++) {
            displs[r] = FloydSpmd.firstRow(n, size, r) * n;
            counts[r] = FloydSpmd.firstRow(n, size, r + 1) * n - displs[r];
        }
        int lo = FloydSpmd.firstRow(n, size, rank);
        int rows = FloydSpmd.firstRow(n, size, rank + 1) - lo;
        int[] mine = new int[rows * n];
        comm.scatterv(d, counts, displs, mine, 0, mine.length, 0);
        int[] rowK = new int[n];
        //omp parallel
        {
            for (int k = 0; k < n; k++) {
                //omp single
                {
                    int root = FloydSpmd.owner(n, size, k);
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
        comm.gatherv(mine, 0, mine.length, d, counts, displs, 0);
    }
}
