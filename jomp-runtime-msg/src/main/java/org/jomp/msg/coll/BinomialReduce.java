package org.jomp.msg.coll;

import org.jomp.msg.Op;

/**
 * Binomial-tree reduce (Open MPI coll/base reduce_intra_binomial; CCJ seed 000 section 3.2.2): rank v receives the
 * partial results of v + 2^k for every 2^k below its lowest set bit, combines them, and sends the result to v
 * minus that bit. Each rank always holds a contiguous range of ranks, combined in rank order; for a
 * non-commutative operation the tree is rooted at rank 0 (so ranges stay in rank order) and the result forwarded.
 */
public final class BinomialReduce {
    private static final int TAG = 4;

    private BinomialReduce() {
    }

    public static void run(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, int count, Op op,
                           int root) {
        int n = p.size();
        int treeRoot = op.commutative() ? root : 0;
        int v = (p.rank() - treeRoot + n) % n;
        // The partial result; null while it is still the send slice itself, which a leaf sends as it is.
        Object acc = null;
        Object spare = null;
        for (int mask = 1; mask < n; mask <<= 1) {
            if ((v & mask) != 0) {
                if (acc == null) {
                    p.send(sbuf, soff, count, (v - mask + treeRoot) % n, TAG);
                } else {
                    p.send(acc, 0, count, (v - mask + treeRoot) % n, TAG);
                }
                break;
            }
            if (v + mask < n) {
                Object in = spare != null ? spare : acc == null ? p.scratch(sbuf, count)
                        : Slices.allocate(sbuf, count);
                p.recv(in, 0, count, (v + mask + treeRoot) % n, TAG);
                // This rank's range comes first: in = partial op in, in rank order whatever the operation.
                if (acc == null) {
                    op.combine(sbuf, soff, in, 0, count);
                } else {
                    op.combine(acc, 0, in, 0, count);
                }
                spare = acc;
                acc = in;
            }
        }
        if (v == 0) {
            Object result = acc != null ? acc : sbuf;
            int off = acc != null ? 0 : soff;
            if (treeRoot == root) {
                System.arraycopy(result, off, rbuf, roff, count);
            } else {
                p.send(result, off, count, root, TAG);
            }
        }
        if (acc != null) {
            p.giveBack(acc);
        }
        if (p.rank() == root && treeRoot != root) {
            p.recv(rbuf, roff, count, treeRoot, TAG);
        }
    }
}
