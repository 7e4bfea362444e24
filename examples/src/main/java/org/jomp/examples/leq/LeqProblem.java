package org.jomp.examples.leq;

import java.util.SplittableRandom;

/**
 * A dense linear system A x = b (A row-major, n×n) for the Jacobi solvers, with the stopping rule: iterate until no
 * component of x changes by more than {@code tolerance}, or {@code maxIterations} sweeps.
 */
public record LeqProblem(int n, double[] a, double[] b, double tolerance, int maxIterations) {
    /** The largest array length every JVM allocates. */
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    public LeqProblem {
        if (n < 1) {
            throw new IllegalArgumentException("LeqProblem: n = " + n + " must be at least 1");
        }
        if (a == null || a.length != (long) n * n) {
            throw new IllegalArgumentException("LeqProblem: a must hold n*n = " + (long) n * n + " coefficients, has "
                    + (a == null ? "none (null)" : a.length));
        }
        if (b == null || b.length != n) {
            throw new IllegalArgumentException("LeqProblem: b must hold n = " + n + " values, has "
                    + (b == null ? "none (null)" : b.length));
        }
        if (!(tolerance > 0)) {
            throw new IllegalArgumentException("LeqProblem: tolerance = " + tolerance + " must be positive");
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("LeqProblem: maxIterations = " + maxIterations + " must be at least 1");
        }
    }

    /**
     * A random strictly diagonally dominant system (each diagonal entry 1.25 times its row's off-diagonal sum, plus
     * one), for which Jacobi converges; the same seed always gives the same system. The off-diagonal entries are
     * positive, so the iteration matrix's spectral radius is close to 1/1.25 and a solve takes on the order of a
     * hundred sweeps, as a real iterative workload does (random signs would cancel and converge in a few).
     */
    public static LeqProblem random(int n, long seed) {
        if (n < 1) {
            throw new IllegalArgumentException("LeqProblem.random: n = " + n + " must be at least 1");
        }
        if ((long) n * n > MAX_ARRAY) {
            throw new IllegalArgumentException("LeqProblem.random: n = " + n + " needs " + (long) n * n
                    + " coefficients, more than one array holds (" + MAX_ARRAY + ")");
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] a = new double[n * n];
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            double offDiagonal = 0;
            for (int j = 0; j < n; j++) {
                if (j != i) {
                    a[i * n + j] = rnd.nextDouble();
                    offDiagonal += Math.abs(a[i * n + j]);
                }
            }
            a[i * n + i] = 1.25 * offDiagonal + 1;
            b[i] = rnd.nextDouble(-n, n);
        }
        return new LeqProblem(n, a, b, 1e-10, 10_000);
    }

    /** max_i |(A x - b)_i| / max_i |b_i|: the independent check that x solves the system. */
    public double relativeResidual(double[] x) {
        double worst = 0;
        double scale = 0;
        for (int i = 0; i < n; i++) {
            double r = -b[i];
            for (int j = 0; j < n; j++) {
                r += a[i * n + j] * x[j];
            }
            worst = Math.max(worst, Math.abs(r));
            scale = Math.max(scale, Math.abs(b[i]));
        }
        return scale == 0 ? worst : worst / scale;
    }
}
