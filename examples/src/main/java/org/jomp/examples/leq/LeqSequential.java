package org.jomp.examples.leq;

/**
 * Jacobi iteration for A x = b (Golub and Van Loan, Matrix Computations, §11.2), the sequential reference of the
 * CCJ paper's LEQ application (seed 000): every sweep computes a whole new x from the previous one.
 */
public final class LeqSequential {
    private LeqSequential() {
    }

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
            for (int i = 0; i < n; i++) {
                next[i] = component(a, i * n, b[i], x, i, n);
                change = Math.max(change, Math.abs(next[i] - x[i]));
            }
            double[] previous = x;
            x = next;
            next = previous;
            iterations++;
        } while (change > p.tolerance() && iterations < p.maxIterations());
        return new LeqResult(x, iterations, change);
    }

    /**
     * The new x_i = (b_i - sum over j != i of a_ij x_j) / a_ii, from row i of A stored at {@code rowStart} of
     * {@code rows}; shared by every variant so that all compute bit-identical sweeps and time the same kernel.
     */
    static double component(double[] rows, int rowStart, double bi, double[] x, int i, int n) {
        double sum = 0;
        for (int j = 0; j < i; j++) {
            sum += rows[rowStart + j] * x[j];
        }
        for (int j = i + 1; j < n; j++) {
            sum += rows[rowStart + j] * x[j];
        }
        return (bi - sum) / rows[rowStart + i];
    }
}
