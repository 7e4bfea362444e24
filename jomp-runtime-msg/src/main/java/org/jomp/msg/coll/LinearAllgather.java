package org.jomp.msg.coll;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.SliceCopy;

/**
 * Allgather by a linear gather to rank 0 and a linear broadcast from it (Open MPI coll/basic allgather_intra): rank
 * 0 posts every receive at once, straight into its result, then sends the whole result to every rank at once.
 */
public final class LinearAllgather {
    private static final int TAG = 22;

    private LinearAllgather() {
    }

    public static void run(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, int count) {
        int n = p.size();
        if (p.rank() != 0) {
            p.send(sbuf, soff, count, 0, TAG);
            p.recv(rbuf, roff, n * count, 0, TAG);
            return;
        }
        Completion[] ops = new Completion[n];
        for (int j = 1; j < n; j++) {
            ops[j] = p.irecv(rbuf, roff + j * count, count, j, TAG);
        }
        SliceCopy.copy(sbuf, soff, rbuf, roff, count);
        p.awaitAll(ops);
        for (int j = 1; j < n; j++) {
            ops[j] = p.isend(rbuf, roff, n * count, j, TAG);
        }
        p.awaitAll(ops);
    }
}
