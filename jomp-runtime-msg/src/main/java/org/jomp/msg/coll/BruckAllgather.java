package org.jomp.msg.coll;

import org.jomp.msg.transport.SliceCopy;

/**
 * Bruck's allgather (Bruck et al., "Efficient algorithms for all-to-all communications in multiport
 * message-passing systems", IEEE TPDS 1997; Open MPI coll/base allgather_intra_bruck): in step k every rank sends
 * everything it has so far to rank - 2^k and receives as much from rank + 2^k, ceil(log2 n) steps for any n, then
 * rotates its buffer into place. Fewest steps, so best for small blocks.
 */
public final class BruckAllgather {
    private static final int TAG = 8;

    private BruckAllgather() {
    }

    public static void run(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, int count) {
        int n = p.size();
        int r = p.rank();
        Object tmp = Slices.allocate(sbuf, n * count);
        SliceCopy.copy(sbuf, soff, tmp, 0, count);
        for (int d = 1; d < n; d <<= 1) {
            int blocks = Math.min(d, n - d);
            p.sendrecv(tmp, 0, blocks * count, (r - d + n) % n, tmp, d * count, blocks * count, (r + d) % n, TAG);
        }
        // Block i of tmp came from rank r + i.
        for (int i = 0; i < n; i++) {
            SliceCopy.copy(tmp, i * count, rbuf, roff + ((r + i) % n) * count, count);
        }
    }
}
