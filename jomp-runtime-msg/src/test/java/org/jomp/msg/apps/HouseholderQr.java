package org.jomp.msg.apps;

import java.io.Serializable;

import org.jomp.msg.Comm;

/**
 * QR, the CCJ seed application (seed 000, section 4.2): Householder QR with column pivoting on an m x n matrix
 * whose columns are dealt to ranks cyclically. In step k every rank proposes its remaining column of largest norm
 * together with that column's Householder vector; one object allreduce picks the winner, and every rank applies
 * the winner's reflection to its own remaining columns. Columns are not moved: {@code order[k]} records which
 * column became the k-th, so the factorised matrix can be compared in place with the sequential one.
 */
final class HouseholderQr {
    private HouseholderQr() {
    }

    /** A pivot candidate: column, its norm below row k, and its reflection v, beta with the new diagonal alpha. */
    record Pivot(double norm, int column, double[] v, double beta, double alpha) implements Serializable {
        static final Pivot NONE = new Pivot(-1, Integer.MAX_VALUE, null, 0, 0);

        /** The larger norm wins, ties go to the smaller column: associative and commutative. */
        static Pivot better(Pivot a, Pivot b) {
            return b.norm > a.norm || (b.norm == a.norm && b.column < a.column) ? b : a;
        }
    }

    static double[][] matrix(int m, int n, long seed) {
        java.util.Random rnd = new java.util.Random(seed);
        double[][] a = new double[m][n];
        for (double[] row : a) {
            for (int j = 0; j < n; j++) row[j] = rnd.nextDouble() - 0.5;
        }
        return a;
    }

    static int[] sequential(double[][] a) {
        int n = a[0].length;
        boolean[] done = new boolean[n];
        int[] order = new int[n];
        for (int k = 0; k < n; k++) {
            Pivot best = Pivot.NONE;
            for (int j = 0; j < n; j++) {
                if (!done[j]) best = Pivot.better(best, candidate(a, k, j));
            }
            step(a, k, best, done, order, 0, 1);
        }
        return order;
    }

    /** Factorises the columns this rank owns (j mod size == rank); returns the pivot order. */
    static int[] parallel(Comm comm, double[][] a) {
        int n = a[0].length;
        boolean[] done = new boolean[n];
        int[] order = new int[n];
        for (int k = 0; k < n; k++) {
            Pivot best = Pivot.NONE;
            for (int j = comm.rank(); j < n; j += comm.size()) {
                if (!done[j]) best = Pivot.better(best, candidate(a, k, j));
            }
            step(a, k, comm.allreduceObject(best, Pivot::better), done, order, comm.rank(), comm.size());
        }
        return order;
    }

    private static Pivot candidate(double[][] a, int k, int j) {
        int m = a.length;
        double norm2 = 0;
        for (int i = k; i < m; i++) norm2 += a[i][j] * a[i][j];
        double norm = Math.sqrt(norm2);
        double alpha = a[k][j] > 0 ? -norm : norm;
        double[] v = new double[m - k];
        for (int i = k; i < m; i++) v[i - k] = a[i][j];
        v[0] -= alpha;
        double vv = 0;
        for (double x : v) vv += x * x;
        return new Pivot(norm, j, v, vv == 0 ? 0 : 2 / vv, alpha);
    }

    /** Applies the pivot's reflection to the owned remaining columns and fixes the pivot column. */
    private static void step(double[][] a, int k, Pivot p, boolean[] done, int[] order, int rank, int size) {
        int m = a.length;
        int n = a[0].length;
        done[p.column] = true;
        order[k] = p.column;
        for (int j = rank; j < n; j += size) {
            if (j == p.column) {
                a[k][j] = p.alpha;
                for (int i = k + 1; i < m; i++) a[i][j] = 0;
            } else if (!done[j]) {
                double dot = 0;
                for (int i = k; i < m; i++) dot += p.v[i - k] * a[i][j];
                double f = p.beta * dot;
                for (int i = k; i < m; i++) a[i][j] -= f * p.v[i - k];
            }
        }
    }
}
