package org.jomp.examples.qr;

/**
 * QR with column pivoting as an SPMD program written with {@code //mpi} directives only: the sequential program plus
 * three comments. Translated by JOMP, every rank runs factor on its own copy of the matrix and updates its block of
 * columns; in step k the owner of the pivot column broadcasts it (the CCJ paper's QR broadcasts the Householder
 * column, seed 000 §4.2), every rank builds the same reflector from it, and an allgather of the column weights lets
 * every rank choose the same next pivot. Every rank gets the result.
 */
public final class QrMpi {
    private QrMpi() {
    }

    public static QrResult factor(QrProblem p) {
        int m = p.m();
        int n = p.n();
        double[][] a = p.copyColumns();
        double[] weight = new double[n];
        //mpi for allgather(weight)
        for (int j = 0; j < n; j++) {
            weight[j] = Householder.squaredNorm(a[j], 0, m);
        }
        boolean[] done = new boolean[n];
        int[] permutation = new int[n];
        double[][] reflectors = new double[n][];
        for (int k = 0; k < n; k++) {
            int pivot = Householder.pivot(weight, done);
            permutation[k] = pivot;
            done[pivot] = true;
            double[] column = a[pivot];
            //mpi bcast(column) root(mpi_owner(pivot, n))
            double[] h = Householder.reflector(column, k, m);
            reflectors[k] = h;
            //mpi for allgather(weight)
            for (int j = 0; j < n; j++) {
                if (!done[j]) {
                    weight[j] = Householder.apply(h, a[j], k, m);
                }
            }
        }
        return QrResult.assemble(m, n, a, permutation, reflectors);
    }
}
