package org.jomp.examples.leq;

/**
 * Jacobi, hybrid, with directives only: {@link LeqMpi} plus one {@code //omp} comment on the same loop, so that the
 * ranks divide the components and each rank's thread team divides the rank's block (team size from
 * {@code Omp.setNumThreads}, {@code -Djomp.threads} or {@code OMP_NUM_THREADS}). The team reduces the largest change
 * first, then the ranks do.
 */
public final class LeqMpiHybrid {
    private LeqMpiHybrid() {
    }

    /** Every rank passes the same system and gets the result. */
    public static LeqResult solve(LeqProblem p) {
        int n = p.n();
        double[] a = p.a();
        double[] b = p.b();
        double[] x = new double[n];
        double[] next = new double[n];
        int iterations = 0;
        double change;
        do {
            change = 0;
            //mpi for reduction(max:change) allgather(next)
            //omp parallel for schedule(static) reduction(max:change)
            for (int i = 0; i < n; i++) {
                next[i] = LeqSequential.component(a, i * n, b[i], x, i, n);
                change = Math.max(change, Math.abs(next[i] - x[i]));
            }
            double[] previous = x;
            x = next;
            next = previous;
            iterations++;
        } while (change > p.tolerance() && iterations < p.maxIterations());
        return new LeqResult(x, iterations, change);
    }
}
