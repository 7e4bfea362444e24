package org.jomp.msg.coll;

import org.jomp.msg.transport.Completion;

/**
 * Linear barrier (Open MPI coll/base barrier_intra_basic_linear): every rank signals rank 0 and waits for its
 * reply; rank 0 posts every receive at once, and replies to all once every signal is in.
 */
public final class LinearBarrier {
    private static final int TAG = 20;
    private static final byte[] EMPTY = new byte[0];

    private LinearBarrier() {
    }

    public static void run(PointToPoint p) {
        int n = p.size();
        if (p.rank() != 0) {
            p.send(EMPTY, 0, 0, 0, TAG);
            p.recv(EMPTY, 0, 0, 0, TAG);
            return;
        }
        Completion[] ops = new Completion[n];
        for (int j = 1; j < n; j++) {
            ops[j] = p.irecv(EMPTY, 0, 0, j, TAG);
        }
        p.awaitAll(ops);
        for (int j = 1; j < n; j++) {
            ops[j] = p.isend(EMPTY, 0, 0, j, TAG);
        }
        p.awaitAll(ops);
    }
}
