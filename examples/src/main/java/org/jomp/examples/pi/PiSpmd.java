package org.jomp.examples.pi;

import org.jomp.msg.Comm;
import org.jomp.msg.Op;

/**
 * Monte Carlo pi as an SPMD program on the communicator: rank r counts a block of chunks and an allreduce adds the
 * counts. Every rank passes the same problem (it is two numbers) and gets the result.
 */
public final class PiSpmd {
    private PiSpmd() {
    }

    public static PiResult estimate(Comm comm, PiProblem p) {
        long chunks = p.chunks();
        long lo = chunks * comm.rank() / comm.size();
        long hi = chunks * (comm.rank() + 1) / comm.size();
        long hits = 0;
        for (long c = lo; c < hi; c++) {
            hits += p.hitsInChunk(c);
        }
        return new PiResult(comm.allreduce(hits, Op.SUM), p.samples());
    }
}
