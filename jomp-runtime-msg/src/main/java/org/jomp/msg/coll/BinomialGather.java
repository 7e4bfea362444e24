package org.jomp.msg.coll;

import org.jomp.msg.transport.SliceCopy;

/**
 * Binomial-tree gather, the inverse of {@link BinomialScatter} as in CCJ (seed 000, section 3.2.5): each rank
 * collects the blocks of its subtree (ranks relative to the root) into one buffer and sends it up in one message,
 * so the root receives ceil(log2 n) messages. Every rank must know every rank's count.
 */
public final class BinomialGather {
    private static final int TAG = 10;

    private BinomialGather() {
    }

    /** @param rbuf the root's result: rank j's block goes to {@code displs[j]}; ignored elsewhere */
    public static void run(PointToPoint p, Object sbuf, int soff, Object rbuf, int[] counts, int[] displs, int root) {
        int n = p.size();
        int v = (p.rank() - root + n) % n;
        int[] pre = new int[n + 1];
        for (int j = 0; j < n; j++) {
            pre[j + 1] = pre[j] + counts[(j + root) % n];
        }
        int subtree = 1;
        while (v != 0 && (v & subtree) == 0) {
            subtree <<= 1;
        }
        int hi = v == 0 ? n : Math.min(v + subtree, n);
        Object tmp = Slices.allocate(sbuf, pre[hi] - pre[v]);
        SliceCopy.copy(sbuf, soff, tmp, 0, counts[p.rank()]);
        for (int mask = 1; mask < n; mask <<= 1) {
            if ((v & mask) != 0) {
                p.send(tmp, 0, pre[hi] - pre[v], (v - mask + root) % n, TAG);
                return;
            }
            if (v + mask < n) {
                int lo = v + mask;
                int top = Math.min(v + 2 * mask, n);
                p.recv(tmp, pre[lo] - pre[v], pre[top] - pre[lo], (lo + root) % n, TAG);
            }
        }
        for (int j = 0; j < n; j++) {
            int real = (j + root) % n;
            SliceCopy.copy(tmp, pre[j], rbuf, displs[real], counts[real]);
        }
    }
}
