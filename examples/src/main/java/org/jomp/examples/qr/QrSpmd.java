package org.jomp.examples.qr;

import java.util.ArrayList;
import java.util.List;

import org.jomp.msg.Comm;

/**
 * QR with column pivoting as an SPMD program on the communicator, as the CCJ paper's QR (seed 000 §4.2): columns are
 * dealt round robin (column j on rank j mod size). In each step an object allreduce finds the pivot column, its owner
 * builds the reflector and broadcasts it, and every rank updates its remaining columns.
 */
public final class QrSpmd {
    private QrSpmd() {
    }

    /**
     * Factors the matrix held by rank 0 (other ranks pass null); columns are scattered from rank 0 and gathered back,
     * so the timing includes the data distribution. Returns the result on rank 0, null elsewhere.
     */
    public static QrResult factor(Comm comm, QrProblem p) {
        int rank = comm.rank();
        int size = comm.size();
        int[] shape = rank == 0 ? new int[] {p.m(), p.n()} : new int[2];
        comm.bcast(shape, 0, 2, 0);
        int m = shape[0];
        int n = shape[1];
        double[][] mine = comm.scatterObjects(rank == 0 ? dealColumns(p, size) : null, 0);

        double[] weight = new double[mine.length];
        for (int c = 0; c < mine.length; c++) {
            weight[c] = Householder.squaredNorm(mine[c], 0, m);
        }
        boolean[] done = new boolean[mine.length];
        int[] permutation = new int[n];
        double[][] reflectors = new double[n][];
        for (int k = 0; k < n; k++) {
            Pivot local = Pivot.NONE;
            for (int c = 0; c < mine.length; c++) {
                if (!done[c]) {
                    local = Pivot.better(local, new Pivot(weight[c], rank + c * size));
                }
            }
            int pivot = comm.allreduceObject(local, Pivot::better).column();
            permutation[k] = pivot;
            int owner = pivot % size;
            double[] h;
            if (owner == rank) {
                done[pivot / size] = true;
                h = Householder.reflector(mine[pivot / size], k, m);
            } else {
                h = new double[m - k + 1];
            }
            comm.bcast(h, 0, h.length, owner);
            reflectors[k] = h;
            for (int c = 0; c < mine.length; c++) {
                if (!done[c]) {
                    weight[c] = Householder.apply(h, mine[c], k, m);
                }
            }
        }
        List<double[][]> all = comm.gatherObjects(mine, 0);
        if (rank != 0) {
            return null;
        }
        double[][] columns = new double[n][];
        for (int r = 0; r < size; r++) {
            double[][] part = all.get(r);
            for (int c = 0; c < part.length; c++) {
                columns[r + c * size] = part[c];
            }
        }
        return QrResult.assemble(m, n, columns, permutation, reflectors);
    }

    /** Rank r's share: columns r, r + size, r + 2 size, ... */
    private static List<double[][]> dealColumns(QrProblem p, int size) {
        List<double[][]> parts = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            double[][] part = new double[(p.n() - r + size - 1) / size][];
            for (int c = 0; c < part.length; c++) {
                part[c] = p.columns()[r + c * size];
            }
            parts.add(part);
        }
        return parts;
    }
}
