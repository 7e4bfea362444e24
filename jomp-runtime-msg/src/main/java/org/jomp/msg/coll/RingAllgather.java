package org.jomp.msg.coll;

import org.jomp.msg.transport.SliceCopy;

/**
 * Ring allgather (Open MPI coll/base allgather_intra_ring; the algorithm CCJ lacked for LEQ, MISSION section 5): in
 * step i every rank passes the block it got in step i-1 to its right neighbour and takes a new one from its left,
 * n-1 steps, each link busy all the time: best for large blocks. Blocks may differ in size (allgatherv).
 */
public final class RingAllgather {
    private static final int TAG = 7;

    private RingAllgather() {
    }

    public static void run(PointToPoint p, Object sbuf, int soff, Object rbuf, int[] counts, int[] displs) {
        int n = p.size();
        int r = p.rank();
        SliceCopy.copy(sbuf, soff, rbuf, displs[r], counts[r]);
        int right = (r + 1) % n;
        int left = (r - 1 + n) % n;
        for (int i = 0; i < n - 1; i++) {
            int sb = (r - i + n) % n;
            int rb = (r - i - 1 + n) % n;
            p.sendrecv(rbuf, displs[sb], counts[sb], right, rbuf, displs[rb], counts[rb], left, TAG);
        }
    }
}
