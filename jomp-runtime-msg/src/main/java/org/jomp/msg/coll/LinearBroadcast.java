package org.jomp.msg.coll;

import org.jomp.msg.transport.Completion;

/**
 * Linear broadcast (Open MPI coll/basic bcast_lin_intra): the root sends the message to every other rank at once.
 */
public final class LinearBroadcast {
    private static final int TAG = 23;

    private LinearBroadcast() {
    }

    public static void run(PointToPoint p, Object buf, int off, int count, int root) {
        int n = p.size();
        if (p.rank() != root) {
            p.recv(buf, off, count, root, TAG);
            return;
        }
        Completion[] sends = new Completion[n];
        for (int j = 0; j < n; j++) {
            if (j != root) {
                sends[j] = p.isend(buf, off, count, j, TAG);
            }
        }
        p.awaitAll(sends);
    }
}
