package org.jomp.examples.leq;

/**
 * Jacobi as an SPMD program written with {@code //mpi} directives only: the sequential program plus one comment.
 * Compiled as it is, it is the sequential program; translated by JOMP, every rank runs solve on its own copy of the
 * system, computes its block of each sweep's components, and the distributed loop's allgather and max reduction give
 * every rank the whole new x and the same decision to go on (the CCJ paper's LEQ, seed 000 §4.3).
 */
public final class LeqMpi {
    private LeqMpi() {
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
