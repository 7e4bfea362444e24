package org.jomp.msg.coll;

import org.jomp.msg.transport.Completion;

/**
 * Binomial-tree broadcast (as in CCJ, seed 000 section 3.2, and Open MPI's coll/base bcast_intra_binomial): with
 * ranks renumbered relative to the root, rank v receives from v minus its lowest set bit and forwards to v + 2^k
 * for every 2^k below that bit. ceil(log2 n) steps; the whole message moves in each, so it suits small messages.
 */
public final class BinomialBroadcast {
    private static final int TAG = 2;

    private BinomialBroadcast() {
    }

    public static void run(PointToPoint p, Object buf, int off, int count, int root) {
        int n = p.size();
        int v = (p.rank() - root + n) % n;
        int mask = 1;
        while (mask < n) {
            if ((v & mask) != 0) {
                p.recv(buf, off, count, (v - mask + root) % n, TAG);
                break;
            }
            mask <<= 1;
        }
        // Children are sent to concurrently: under a rendezvous each child copies out of this buffer itself. A send
        // done when it returns (an eager one) is settled at once, so a small bcast keeps no array: C1, the compiler
        // of crowded rank JVMs, allocates every one it is given, and fresh memory costs a page fault a 4 KiB.
        Completion[] pending = null;
        int k = 0;
        for (mask >>= 1; mask > 0; mask >>= 1) {
            if (v + mask < n) {
                Completion c = p.isend(buf, off, count, (v + mask + root) % n, TAG);
                if (c.isDone()) {
                    p.await(c);
                } else {
                    if (pending == null) {
                        pending = new Completion[Integer.numberOfTrailingZeros(mask) + 1];
                    }
                    pending[k++] = c;
                }
            }
        }
        for (int i = 0; i < k; i++) {
            p.await(pending[i]);
        }
    }
}
