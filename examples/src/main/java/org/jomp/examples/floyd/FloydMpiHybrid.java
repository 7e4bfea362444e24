package org.jomp.examples.floyd;

/**
 * Floyd–Warshall for ranks × threads written with directives only, as Parallel Java's hybrid Floyd: one team per
 * rank runs every step k; row k is broadcast by one thread of each rank with the team synchronised around it
 * (//mpi bcast inside //omp parallel), and the rank's block of rows is divided among its threads
 * (//mpi for stacked over //omp for). Compiled as it is, it is the sequential program.
 */
public final class FloydMpiHybrid {
    private FloydMpiHybrid() {
    }

    /** As {@link FloydMpi#solve}: rank 0's graph is solved into rank 0's d; other ranks pass n×n arrays. */
    public static void solve(int[] d, int n) {
        //mpi scatter(d -> d[mpi_start(n) * n : mpi_end(n) * n])
        int[] rowK = new int[n];
        //omp parallel
        {
            for (int k = 0; k < n; k++) {
                //omp master
                //mpi on(mpi_owner(k, n))
                System.arraycopy(d, k * n, rowK, 0, n);
                //mpi bcast(rowK) root(mpi_owner(k, n))
                //mpi for
                //omp for schedule(static)
                for (int i = 0; i < n; i++) {
                    FloydSequential.relax(d, i * n, d[i * n + k], rowK, 0, n);
                }
            }
        }
        //mpi gather(d[mpi_start(n) * n : mpi_end(n) * n] -> d)
    }
}
