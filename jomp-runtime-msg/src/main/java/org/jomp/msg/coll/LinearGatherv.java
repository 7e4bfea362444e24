package org.jomp.msg.coll;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.SliceCopy;

/**
 * Gatherv by direct receives at the root (Open MPI coll/basic gatherv_intra): only the root knows the counts; it
 * posts every receive at once, straight into its result, and waits for all.
 */
public final class LinearGatherv {
    private static final int TAG = 14;

    private LinearGatherv() {
    }

    public static void run(PointToPoint p, Object sbuf, int soff, int scount, Object rbuf, int[] counts, int[] displs,
                           int root) {
        int n = p.size();
        if (p.rank() != root) {
            p.send(sbuf, soff, scount, root, TAG);
            return;
        }
        Completion[] recvs = new Completion[n];
        for (int j = 0; j < n; j++) {
            if (j != root) {
                recvs[j] = p.irecv(rbuf, displs[j], counts[j], j, TAG);
            }
        }
        SliceCopy.copy(sbuf, soff, rbuf, displs[root], counts[root]);
        p.awaitAll(recvs);
    }
}
