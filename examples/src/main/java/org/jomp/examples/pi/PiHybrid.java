package org.jomp.examples.pi;

import org.jomp.msg.Comm;
import org.jomp.msg.Op;

/**
 * Monte Carlo pi, hybrid: the SPMD program of {@link PiSpmd} plus one comment, so that a thread team inside each rank
 * counts the rank's chunks (team size from {@code Omp.setNumThreads} or {@code OMP_NUM_THREADS}).
 */
public final class PiHybrid {
    private PiHybrid() {
    }

    public static PiResult estimate(Comm comm, PiProblem p) {
        long chunks = p.chunks();
        long lo = chunks * comm.rank() / comm.size();
        long hi = chunks * (comm.rank() + 1) / comm.size();
        long hits = 0;
        //omp parallel for schedule(static) reduction(+:hits)
        for (long c = lo; c < hi; c++) {
            hits += p.hitsInChunk(c);
        }
        return new PiResult(comm.allreduce(hits, Op.SUM), p.samples());
    }
}
