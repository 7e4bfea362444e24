package org.jomp.examples.qr;

/**
 * QR with column pivoting, hybrid, with directives only: {@link QrMpi} plus one {@code //omp} comment on the update
 * loop, so that the ranks divide the columns in blocks and each rank's thread team updates the rank's block, columns
 * dealt round robin because finished columns are spread unevenly (team size from {@code Omp.setNumThreads},
 * {@code -Djomp.threads} or {@code OMP_NUM_THREADS}). Every rank gets the result.
 */
public final class QrMpiHybrid {
    private QrMpiHybrid() {
    }

    public static QrResult factor(QrProblem p) {
        int m = p.m();
        int n = p.n();
        double[][] a = p.copyColumns();
        double[] weight = new double[n];
        //mpi for allgather(weight)
        for (int j = 0; j < n; j++) {
            weight[j] = Householder.squaredNorm(a[j], 0, m);
        }
        boolean[] done = new boolean[n];
        int[] permutation = new int[n];
        double[][] reflectors = new double[n][];
        for (int k = 0; k < n; k++) {
            int pivot = Householder.pivot(weight, done);
            permutation[k] = pivot;
            done[pivot] = true;
            double[] column = a[pivot];
            //mpi bcast(column) root(mpi_owner(pivot, n))
            double[] h = Householder.reflector(column, k, m);
            reflectors[k] = h;
            //mpi for allgather(weight)
            //omp parallel for schedule(static, 1)
            for (int j = 0; j < n; j++) {
                if (!done[j]) {
                    weight[j] = Householder.apply(h, a[j], k, m);
                }
            }
        }
        return QrResult.assemble(m, n, a, permutation, reflectors);
    }
}
