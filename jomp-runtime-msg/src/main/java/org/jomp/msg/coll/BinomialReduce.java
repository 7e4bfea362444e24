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
        Object acc = Slices.copyOf(sbuf, soff, count);
        Object tmp = null;
        for (int mask = 1; mask < n; mask <<= 1) {
            if ((v & mask) != 0) {
                p.send(acc, 0, count, (v - mask + treeRoot) % n, TAG);
                acc = null;
                break;
            }
            if (v + mask < n) {
                if (tmp == null) {
                    tmp = Slices.allocate(sbuf, count);
                }
                p.recv(tmp, 0, count, (v + mask + treeRoot) % n, TAG);
                if (op.commutative()) {
                    op.combine(tmp, 0, acc, 0, count);
                } else {
                    op.combine(acc, 0, tmp, 0, count);
                    Object t = acc;
                    acc = tmp;
                    tmp = t;
                }
            }
        }
        if (v == 0) {
            if (treeRoot == root) {
                System.arraycopy(acc, 0, rbuf, roff, count);
            } else {
                p.send(acc, 0, count, root, TAG);
            }
        }
        if (p.rank() == root && treeRoot != root) {
            p.recv(rbuf, roff, count, treeRoot, TAG);
        }
    }
}
