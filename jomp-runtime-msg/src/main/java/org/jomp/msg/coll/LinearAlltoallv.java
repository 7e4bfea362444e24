package org.jomp.msg.coll;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.SliceCopy;

/**
 * Alltoallv by posting every receive and every send at once and waiting for all (Open MPI coll/basic
 * alltoallv_intra): blocks of arbitrary sizes, one message per pair, the transport overlaps them.
 */
public final class LinearAlltoallv {
    private static final int TAG = 12;

    private LinearAlltoallv() {
    }

    public static void run(PointToPoint p, Object sbuf, int[] scounts, int[] sdispls,
                           Object rbuf, int[] rcounts, int[] rdispls) {
        int n = p.size();
        int r = p.rank();
        Completion[] ops = new Completion[2 * n];
        for (int i = 1; i < n; i++) {
            int src = (r - i + n) % n;
            ops[i] = p.irecv(rbuf, rdispls[src], rcounts[src], src, TAG);
        }
        for (int i = 1; i < n; i++) {
            int dst = (r + i) % n;
            ops[n + i] = p.isend(sbuf, sdispls[dst], scounts[dst], dst, TAG);
        }
        SliceCopy.copy(sbuf, sdispls[r], rbuf, rdispls[r], scounts[r]);
        p.awaitAll(ops);
    }
}
