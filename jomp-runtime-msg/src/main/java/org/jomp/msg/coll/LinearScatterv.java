package org.jomp.msg.coll;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.SliceCopy;

/**
 * Scatterv by direct sends from the root (Open MPI coll/basic scatterv_intra): only the root knows the counts, so
 * no tree can forward; the root starts every send at once and waits for all.
 */
public final class LinearScatterv {
    private static final int TAG = 13;

    private LinearScatterv() {
    }

    public static void run(PointToPoint p, Object sbuf, int[] counts, int[] displs, Object rbuf, int roff, int rcount,
                           int root) {
        int n = p.size();
        if (p.rank() != root) {
            p.recv(rbuf, roff, rcount, root, TAG);
            return;
        }
        Completion[] sends = new Completion[n];
        for (int j = 0; j < n; j++) {
            if (j != root) {
                sends[j] = p.isend(sbuf, displs[j], counts[j], j, TAG);
            }
        }
        SliceCopy.copy(sbuf, displs[root], rbuf, roff, counts[root]);
        p.awaitAll(sends);
    }
}
