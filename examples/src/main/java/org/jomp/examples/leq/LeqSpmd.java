package org.jomp.examples.leq;

import org.jomp.msg.Comm;
import org.jomp.msg.Op;

/**
 * Jacobi as an SPMD program on the communicator, as the CCJ paper's LEQ (seed 000 §4.3): rank r owns a block of rows
 * of A and the matching components of x; after each sweep an allgatherv gives every rank the whole new x and an
 * allreduce of the largest change decides, on every rank alike, whether to go on.
 */
public final class LeqSpmd {
    private LeqSpmd() {
    }

    /**
     * Solves the system held by rank 0 (other ranks pass null; rows are scattered from rank 0, so the timing includes
     * the data distribution); every rank returns the result.
     */
    public static LeqResult solve(Comm comm, LeqProblem p) {
        int rank = comm.rank();
        int[] sizes = rank == 0 ? new int[] {p.n(), p.maxIterations()} : new int[2];
        double[] tolerance = rank == 0 ? new double[] {p.tolerance()} : new double[1];
        comm.bcast(sizes, 0, 2, 0);
        comm.bcast(tolerance, 0, 1, 0);
        int n = sizes[0];
        Slices slices = Slices.of(n, comm.size());
        Slices matrixRows = slices.rowsOfMatrix();
        int lo = slices.displs()[rank];
        int rows = slices.counts()[rank];
        double[] myA = new double[rows * n];
        double[] myB = new double[rows];
        comm.scatterv(rank == 0 ? p.a() : null, matrixRows.counts(), matrixRows.displs(), myA, 0, myA.length, 0);
        comm.scatterv(rank == 0 ? p.b() : null, slices.counts(), slices.displs(), myB, 0, rows, 0);

        double[] x = new double[n];
        double[] next = new double[n];
        double[] mine = new double[rows];
        int iterations = 0;
        double change;
        do {
            double local = 0;
            for (int i = 0; i < rows; i++) {
                mine[i] = LeqSequential.component(myA, i * n, myB[i], x, lo + i, n);
                local = Math.max(local, Math.abs(mine[i] - x[lo + i]));
            }
            comm.allgatherv(mine, 0, rows, next, slices.counts(), slices.displs());
            change = comm.allreduce(local, Op.MAX);
            double[] previous = x;
            x = next;
            next = previous;
            iterations++;
        } while (change > tolerance[0] && iterations < sizes[1]);
        return new LeqResult(x, iterations, change);
    }
}
