package org.jomp.msg.coll;

import java.util.function.BinaryOperator;

/**
 * Binomial-tree reduce of objects ({@link BinomialReduce}'s tree, CCJ's object reductions, seed 000 section
 * 3.2.2): rank v combines the partial results of v + 2^k for every 2^k below its lowest set bit and passes its own
 * up to v minus that bit, so each rank combines at most log2 n objects. The tree is rooted at rank 0, so every
 * partial result covers a contiguous range of ranks and is combined lower range first: user operations need only
 * be associative. The result is forwarded to {@code root} if that is not rank 0.
 */
public final class BinomialObjectReduce {
    private static final int TAG = 17;

    private BinomialObjectReduce() {
    }

    /** The combination of all ranks' values at {@code root}; {@code null} elsewhere. */
    public static <T> T run(PointToPoint p, T value, BinaryOperator<T> op, int root) {
        int n = p.size();
        int r = p.rank();
        T acc = value;
        for (int mask = 1; mask < n; mask <<= 1) {
            if ((r & mask) != 0) {
                p.sendObject(acc, r - mask, TAG);
                acc = null;
                break;
            }
            if (r + mask < n) {
                acc = op.apply(acc, p.<T>recvObject(r + mask, TAG));
            }
        }
        if (root == 0) {
            return acc;
        }
        if (r == 0) {
            p.sendObject(acc, root, TAG);
            return null;
        }
        return r == root ? p.recvObject(0, TAG) : null;
    }
}
