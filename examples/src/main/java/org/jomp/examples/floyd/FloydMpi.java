package org.jomp.examples.floyd;

/**
 * Floyd–Warshall as an SPMD program written with {@code //mpi} directives only. Compiled as it is (directives are
 * comments) it is the sequential program; translated by JOMP, every rank runs solve: rank 0's rows are scattered,
 * each rank's block into the same place of its own d, rank r relaxes its block of rows in every step k after the
 * owner of row k has broadcast it, and the blocks are gathered into rank 0's d at the end (as FloydSpmd does by
 * hand). mpi_owner, mpi_start and mpi_end name the block distribution of rows that
 * {@code //mpi for} uses (docs/directives-mpi.md).
 */
public final class FloydMpi {
    private FloydMpi() {
    }

    /**
     * Solves the n×n row-major graph held by rank 0 and leaves the result in rank 0's d; every other rank passes an
     * array of n×n elements, of which only its own block of rows is used.
     */
    public static void solve(int[] d, int n) {
        //mpi scatter(d -> d[mpi_start(n) * n : mpi_end(n) * n])
        int[] rowK = new int[n];
        for (int k = 0; k < n; k++) {
            //mpi on(mpi_owner(k, n))
            System.arraycopy(d, k * n, rowK, 0, n);
            //mpi bcast(rowK) root(mpi_owner(k, n))
            //mpi for
            for (int i = 0; i < n; i++) {
                FloydSequential.relax(d, i * n, d[i * n + k], rowK, 0, n);
            }
        }
        //mpi gather(d[mpi_start(n) * n : mpi_end(n) * n] -> d)
    }
}
