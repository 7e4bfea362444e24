package org.jomp.msg.coll;

import org.jomp.msg.Op;

/**
 * Inclusive and exclusive prefix reduction by recursive doubling (Hillis and Steele 1986; MPICH's scan and exscan):
 * in step k every rank exchanges the reduction of its aligned block of 2^k ranks with rank xor 2^k; a rank adds a
 * lower block both to its block total and to its own prefix, and a higher block to its total only. ceil(log2 n)
 * steps for any n; lower blocks are combined on the left, so rank order holds for non-commutative operations.
 */
public final class RecursiveDoublingScan {
    private static final int TAG = 15;

    private RecursiveDoublingScan() {
    }

    /** Exclusive: rank 0's {@code rbuf} is left unchanged, as MPI leaves it undefined. */
    public static void run(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, int count, Op op,
                           boolean exclusive) {
        int n = p.size();
        int r = p.rank();
        Object block = Slices.copyOf(sbuf, soff, count);
        Object tmp = Slices.allocate(sbuf, count);
        Object prefix = exclusive ? null : Slices.copyOf(sbuf, soff, count);
        for (int mask = 1; mask < n; mask <<= 1) {
            int partner = r ^ mask;
            if (partner >= n) {
                continue;
            }
            p.sendrecv(block, 0, count, partner, tmp, 0, count, partner, TAG);
            if (partner < r) {
                op.combine(tmp, 0, block, 0, count);
                if (prefix == null) {
                    prefix = Slices.copyOf(tmp, 0, count);
                } else {
                    op.combine(tmp, 0, prefix, 0, count);
                }
            } else if (op.commutative()) {
                op.combine(tmp, 0, block, 0, count);
            } else {
                op.combine(block, 0, tmp, 0, count);
                Object t = block;
                block = tmp;
                tmp = t;
            }
        }
        if (prefix != null) {
            System.arraycopy(prefix, 0, rbuf, roff, count);
        }
    }
}
