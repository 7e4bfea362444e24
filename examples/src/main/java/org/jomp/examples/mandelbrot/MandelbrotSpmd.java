package org.jomp.examples.mandelbrot;

import org.jomp.msg.Comm;
import org.jomp.msg.Status;

/**
 * The Mandelbrot set as a master/worker SPMD program on the communicator, as Parallel Java's cluster programs for
 * unevenly costly work (seed 001): rank 0 hands out chunks of rows on request and collects the counts; ranks 1.. ask,
 * compute and send back. Each answer is also the next request, so a worker waits for work only once per chunk.
 */
public final class MandelbrotSpmd {
    private static final int RESULT = 1;
    private static final int WORK = 2;
    /** Sent instead of a first row: there is no more work. */
    private static final int STOP = -1;

    private MandelbrotSpmd() {
    }

    /**
     * Computes the image described by rank 0's problem (other ranks pass null) in chunks of {@code chunkRows} rows;
     * returns the counts on rank 0, null elsewhere. On one rank the master computes the image itself.
     */
    public static int[] compute(Comm comm, MandelbrotProblem p, int chunkRows) {
        if (chunkRows < 1) {
            throw new IllegalArgumentException("MandelbrotSpmd on rank " + comm.rank() + ": chunkRows = " + chunkRows
                    + " must be at least 1");
        }
        MandelbrotProblem problem = comm.bcastObject(p, 0);
        if (comm.size() == 1) {
            return MandelbrotSequential.compute(problem);
        }
        int chunk = Math.min(chunkRows, problem.height());
        if (comm.rank() == 0) {
            return master(comm, problem, chunk);
        }
        worker(comm, problem, chunk);
        return null;
    }

    private static int[] master(Comm comm, MandelbrotProblem p, int chunkRows) {
        int width = p.width();
        int[] counts = new int[width * p.height()];
        int[] result = new int[1 + chunkRows * width];
        int nextRow = 0;
        int working = comm.size() - 1;
        while (working > 0) {
            Status from = comm.recv(result, 0, result.length, Comm.ANY_SOURCE, RESULT);
            int firstRow = result[0];
            if (firstRow != STOP) {
                System.arraycopy(result, 1, counts, firstRow * width, from.count() - 1);
            }
            int[] work = {nextRow < p.height() ? nextRow : STOP};
            comm.send(work, 0, 1, from.source(), WORK);
            if (work[0] == STOP) {
                working--;
            } else {
                nextRow += chunkRows;
            }
        }
        return counts;
    }

    private static void worker(Comm comm, MandelbrotProblem p, int chunkRows) {
        int width = p.width();
        int[] result = new int[1 + chunkRows * width];
        int[] work = new int[1];
        result[0] = STOP;
        int length = 1;
        while (true) {
            comm.send(result, 0, length, 0, RESULT);
            comm.recv(work, 0, 1, 0, WORK);
            int firstRow = work[0];
            if (firstRow == STOP) {
                return;
            }
            int rows = Math.min(chunkRows, p.height() - firstRow);
            result[0] = firstRow;
            for (int r = 0; r < rows; r++) {
                p.row(firstRow + r, result, 1 + r * width);
            }
            length = 1 + rows * width;
        }
    }
}
