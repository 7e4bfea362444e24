package org.jomp.msg.coll;

import org.jomp.msg.transport.SliceCopy;

/**
 * Pairwise-exchange alltoall (Open MPI coll/base alltoall_intra_pairwise; Thakur et al. 2005, section 4.5): in
 * step i every rank sends its block for rank + i and receives the block of rank - i, n-1 steps in which each rank
 * has exactly one partner in each direction, so no receiver is swamped.
 */
public final class PairwiseAlltoall {
    private static final int TAG = 11;

    private PairwiseAlltoall() {
    }

    public static void run(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, int count) {
        int n = p.size();
        int r = p.rank();
        SliceCopy.copy(sbuf, soff + r * count, rbuf, roff + r * count, count);
        for (int i = 1; i < n; i++) {
            int dst = (r + i) % n;
            int src = (r - i + n) % n;
            p.sendrecv(sbuf, soff + dst * count, count, dst, rbuf, roff + src * count, count, src, TAG);
        }
    }
}
