package org.jomp.examples.jgf.sor;

import java.util.Random;

/**
 * Java Grande Forum "SOR" kernel (section 2), written from its description: successive over-relaxation on an m×n
 * grid for a fixed number of iterations, here in red-black order (Young 1971): each iteration first updates every
 * interior point with (i + j) even, then every point with (i + j) odd. A point's update reads only points of the
 * other colour, so the points of one colour may be updated in any order, in parallel, with the same result.
 */
public final class SorSequential {
    /** Over-relaxation factor used by the JGF kernel. */
    public static final double OMEGA = 1.25;

    private SorSequential() {
    }

    /** A grid of uniform random values in [0, 1), the JGF kernel's input. */
    public static double[][] randomGrid(int m, int n, long seed) {
        Random random = new Random(seed);
        double[][] g = new double[m][n];
        for (double[] row : g) {
            for (int j = 0; j < n; j++) {
                row[j] = random.nextDouble();
            }
        }
        return g;
    }

    public static void solve(double[][] g, double omega, int iterations) {
        for (int it = 0; it < iterations; it++) {
            for (int colour = 0; colour < 2; colour++) {
                for (int i = 1; i < g.length - 1; i++) {
                    relaxRow(g, i, colour, omega);
                }
            }
        }
    }

    /**
     * Updates the interior points of row i whose colour ((i + j) mod 2) is colour; shared by every variant so they all
     * time the same kernel.
     */
    static void relaxRow(double[][] g, int i, int colour, double omega) {
        double[] up = g[i - 1];
        double[] row = g[i];
        double[] down = g[i + 1];
        double quarter = omega * 0.25;
        double keep = 1 - omega;
        int last = row.length - 1;
        for (int j = (i + 1) % 2 == colour ? 1 : 2; j < last; j += 2) {
            row[j] = quarter * (up[j] + down[j] + row[j - 1] + row[j + 1]) + keep * row[j];
        }
    }

    /**
     * Largest |4·g[i][j] − (sum of its four neighbours)| over the interior: zero exactly when the grid is a discrete
     * harmonic function, so SOR must shrink it. The JGF-style validation of a run.
     */
    public static double residual(double[][] g) {
        double worst = 0;
        for (int i = 1; i < g.length - 1; i++) {
            for (int j = 1; j < g[i].length - 1; j++) {
                double r = 4 * g[i][j] - g[i - 1][j] - g[i + 1][j] - g[i][j - 1] - g[i][j + 1];
                worst = Math.max(worst, Math.abs(r));
            }
        }
        return worst;
    }
}
