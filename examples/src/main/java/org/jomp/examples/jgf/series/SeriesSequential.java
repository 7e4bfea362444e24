package org.jomp.examples.jgf.series;

/**
 * Java Grande Forum "Series" kernel (section 2), written from its description: the first n Fourier coefficients of
 * f(x) = (x + 1)^x on the interval [0, 2], each integral taken by the trapezoid rule over {@link #STEPS} intervals.
 * With period 2 the coefficients are a_k = ∫₀² f(x) cos(kπx) dx and b_k = ∫₀² f(x) sin(kπx) dx for k ≥ 1,
 * and a_0 = ½ ∫₀² f(x) dx, the mean (b_0 is 0). The sequential reference every variant must match.
 */
public final class SeriesSequential {
    /** Trapezoid intervals per integral, as in the JGF description. */
    static final int STEPS = 1000;

    private SeriesSequential() {
    }

    /** Returns {a, b}: the cosine and sine coefficients 0..n-1. */
    public static double[][] coefficients(int n) {
        double[][] ab = new double[2][n];
        for (int k = 0; k < n; k++) {
            coefficient(k, ab);
        }
        return ab;
    }

    /** Fills a_k and b_k in ab; shared by every variant so they all time the same kernel. */
    static void coefficient(int k, double[][] ab) {
        if (k == 0) {
            ab[0][0] = trapezoid(0, 0) / 2;
            ab[1][0] = 0;
        } else {
            double omega = Math.PI * k;
            ab[0][k] = trapezoid(omega, 1);
            ab[1][k] = trapezoid(omega, 2);
        }
    }

    /** Trapezoid rule over [0, 2] of f(x), f(x)·cos(ωx) (select 1) or f(x)·sin(ωx) (select 2). */
    private static double trapezoid(double omega, int select) {
        double h = 2.0 / STEPS;
        double sum = (integrand(0, omega, select) + integrand(2, omega, select)) / 2;
        for (int i = 1; i < STEPS; i++) {
            sum += integrand(i * h, omega, select);
        }
        return sum * h;
    }

    private static double integrand(double x, double omega, int select) {
        double f = Math.pow(x + 1, x);
        return switch (select) {
            case 0 -> f;
            case 1 -> f * Math.cos(omega * x);
            default -> f * Math.sin(omega * x);
        };
    }
}
