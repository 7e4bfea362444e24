package org.jomp.msg.apps;

import org.jomp.msg.Comm;
import org.jomp.msg.Op;

/**
 * LEQ, the CCJ seed application (seed 000, section 4.3): Jacobi iteration for A x = b with a diagonally dominant
 * A. Each rank owns a block of rows; an iteration computes its block of the new x, allgathers the whole x and
 * allreduces the largest change, until the change falls below a tolerance.
 */
final class JacobiSolver {
    private JacobiSolver() {
    }

    static double[][] matrix(int n, long seed) {
        java.util.Random rnd = new java.util.Random(seed);
        double[][] a = new double[n][n];
        for (int i = 0; i < n; i++) {
            double off = 0;
            for (int j = 0; j < n; j++) {
                if (i != j) {
                    a[i][j] = rnd.nextDouble() - 0.5;
                    off += Math.abs(a[i][j]);
                }
            }
            a[i][i] = off + 1 + rnd.nextDouble();
        }
        return a;
    }

    static double[] vector(int n, long seed) {
        java.util.Random rnd = new java.util.Random(seed);
        double[] b = new double[n];
        for (int i = 0; i < n; i++) b[i] = rnd.nextDouble() * 10;
        return b;
    }

    static double[] sequential(double[][] a, double[] b, double tolerance) {
        int n = b.length;
        double[] x = new double[n];
        double[] next = new double[n];
        double change;
        do {
            change = 0;
            for (int i = 0; i < n; i++) {
                next[i] = row(a[i], b[i], x, i);
                change = Math.max(change, Math.abs(next[i] - x[i]));
            }
            System.arraycopy(next, 0, x, 0, n);
        } while (change > tolerance);
        return x;
    }

    static double[] parallel(Comm comm, double[][] a, double[] b, double tolerance) {
        int n = b.length;
        int p = comm.size();
        int[] counts = new int[p];
        int[] displs = new int[p];
        for (int r = 0; r < p; r++) {
            displs[r] = (int) ((long) n * r / p);
            counts[r] = (int) ((long) n * (r + 1) / p) - displs[r];
        }
        int lo = displs[comm.rank()];
        int mine = counts[comm.rank()];
        double[] x = new double[n];
        double[] block = new double[Math.max(mine, 1)];
        double change;
        do {
            double local = 0;
            for (int i = 0; i < mine; i++) {
                block[i] = row(a[lo + i], b[lo + i], x, lo + i);
                local = Math.max(local, Math.abs(block[i] - x[lo + i]));
            }
            comm.allgatherv(block, 0, mine, x, counts, displs);
            change = comm.allreduce(local, Op.MAX);
        } while (change > tolerance);
        return x;
    }

    private static double row(double[] ai, double bi, double[] x, int i) {
        double s = bi;
        for (int j = 0; j < x.length; j++) {
            if (j != i) s -= ai[j] * x[j];
        }
        return s / ai[i];
    }
}
