package org.jomp.msg.coll;

import org.jomp.msg.transport.SliceCopy;

/**
 * Binomial-tree scatter as CCJ does it (seed 000, section 3.2.4): the root sends the data of the upper half of the
 * ranks to the first rank of that half, and both recurse on their halves, so the root sends ceil(log2 n) messages
 * instead of n-1 and forwarding happens in parallel. Ranks are renumbered relative to the root; every rank must
 * know every rank's count (equal counts for scatter; object scatter broadcasts them first).
 */
public final class BinomialScatter {
    private static final int TAG = 9;

    private BinomialScatter() {
    }

    /**
     * @param sbuf   the root's data: rank j's block is {@code counts[j]} elements at {@code displs[j]}
     * @param like   an array of the element type (the root's {@code sbuf} is not available elsewhere)
     */
    public static void run(PointToPoint p, Object sbuf, int[] counts, int[] displs, Object rbuf, int roff, int root,
                           Object like) {
        int n = p.size();
        int v = (p.rank() - root + n) % n;
        int[] pre = new int[n + 1];
        for (int j = 0; j < n; j++) {
            pre[j + 1] = pre[j] + counts[(j + root) % n];
        }
        Object tmp;
        int mask = 1;
        if (v == 0) {
            tmp = Slices.allocate(like, pre[n]);
            for (int j = 0; j < n; j++) {
                int real = (j + root) % n;
                SliceCopy.copy(sbuf, displs[real], tmp, pre[j], counts[real]);
            }
            while (mask < n) {
                mask <<= 1;
            }
        } else {
            while ((v & mask) == 0) {
                mask <<= 1;
            }
            int hi = Math.min(v + mask, n);
            tmp = Slices.allocate(like, pre[hi] - pre[v]);
            p.recv(tmp, 0, pre[hi] - pre[v], (v - mask + root) % n, TAG);
        }
        for (mask >>= 1; mask > 0; mask >>= 1) {
            if (v + mask < n) {
                int lo = v + mask;
                int hi = Math.min(v + 2 * mask, n);
                p.send(tmp, pre[lo] - pre[v], pre[hi] - pre[lo], (lo + root) % n, TAG);
            }
        }
        SliceCopy.copy(tmp, 0, rbuf, roff, counts[p.rank()]);
    }
}
