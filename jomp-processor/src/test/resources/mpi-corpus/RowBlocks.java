import java.util.Arrays;

/** Row blocks of a row-major matrix: //mpi for over //omp for in a region, uneven slices, the block built-ins. */
public class RowBlocks {
    public static void main(String[] args) {
        int threads = Integer.parseInt(args[0]);
        int n = 23;
        int m = 5;
        int[] grid = new int[n * m];
        //omp parallel num_threads(threads)
        {
            //mpi for
            //omp for
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < m; j++) {
                    grid[i * m + j] = i * 31 + j;
                }
            }
        }
        //mpi allgather(grid[mpi_start(n) * m : mpi_end(n) * m] -> grid)
        long[] copy = new long[n * m];
        //mpi for gather(copy) elements(m) root(mpi_size - 1)
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                copy[i * m + j] = 2L * grid[i * m + j];
            }
        }
        //mpi bcast(copy) root(mpi_size - 1)
        long owners = 0;
        for (int k = 0; k < n; k++) {
            int v = 0;
            //mpi on(mpi_owner(k, n))
            v = grid[k * m] + 1;
            //mpi bcast(v) root(mpi_owner(k, n))
            owners += v;
        }
        //mpi master
        System.out.println(Arrays.hashCode(grid) + " " + Arrays.hashCode(copy) + " " + owners);
    }
}
