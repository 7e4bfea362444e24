package org.jomp.examples.leq;

/**
 * Jacobi with OpenMP directives: the sequential program plus one comment. Each sweep's components are divided among
 * the team, and the largest change is a max reduction, so the sweeps equal the sequential ones bit for bit.
 */
public final class LeqOmp {
    private LeqOmp() {
    }

    public static LeqResult solve(LeqProblem p, int threads) {
        int n = p.n();
        double[] a = p.a();
        double[] b = p.b();
        double[] x = new double[n];
        double[] next = new double[n];
        int iterations = 0;
        double change;
        do {
            change = 0;
            //omp parallel for num_threads(threads) schedule(static) reduction(max:change)
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
