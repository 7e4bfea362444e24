package org.jomp.msg.coll;

import org.jomp.msg.Op;
import org.jomp.msg.transport.Completion;

/**
 * Allreduce by a linear reduce to rank 0 and a linear broadcast from it (Open MPI coll/basic allreduce_intra): rank
 * 0 posts every receive at once, combines the vectors in rank order, and sends the result to every rank at once.
 */
public final class LinearAllreduce {
    private static final int TAG = 21;

    private LinearAllreduce() {
    }

    public static void run(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, int count, Op op) {
        int n = p.size();
        if (p.rank() != 0) {
            p.send(sbuf, soff, count, 0, TAG);
            p.recv(rbuf, roff, count, 0, TAG);
            return;
        }
        Object parts = p.scratch(sbuf, (n - 1) * count);
        Completion[] ops = new Completion[n];
        for (int j = 1; j < n; j++) {
            ops[j] = p.irecv(parts, (j - 1) * count, count, j, TAG);
        }
        p.awaitAll(ops);
        // Right to left, each vector on the left of the partial result: r0 op (r1 op (... op r(n-1))). The partial
        // result stays in the last part, so the send slice may be the receive slice.
        int last = (n - 2) * count;
        for (int j = n - 2; j >= 1; j--) {
            op.combine(parts, (j - 1) * count, parts, last, count);
        }
        op.combine(sbuf, soff, parts, last, count);
        System.arraycopy(parts, last, rbuf, roff, count);
        p.giveBack(parts);
        for (int j = 1; j < n; j++) {
            ops[j] = p.isend(rbuf, roff, count, j, TAG);
        }
        p.awaitAll(ops);
    }
}
