package org.jomp.msg.coll;

import org.jomp.msg.Op;

/**
 * Recursive-doubling allreduce (Thakur, Rabenseifner and Gropp, "Optimization of collective communication
 * operations in MPICH", 2005, section 4.4): in step k every rank exchanges its whole partial result with rank xor
 * 2^k and combines, log2 n steps, best for short vectors. A non-power-of-two n runs it on 2^floor(log2 n) virtual
 * ranks ({@link PowerOfTwoFold}); combining lower-range-first keeps rank order.
 */
public final class RecursiveDoublingAllreduce {
    private static final int TAG = 5;

    private RecursiveDoublingAllreduce() {
    }

    public static void run(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, int count, Op op) {
        int r = p.rank();
        PowerOfTwoFold fold = new PowerOfTwoFold(p.size(), r);
        int first = 1;
        if (fold.pof2 == p.size() && fold.pof2 > 1 && (op.commutative() || r < (r ^ 1))
                && !Slices.overlap(sbuf, soff, rbuf, roff, count)) {
            // The first step receives straight into the receive slice and combines the send slice into it: no copy
            // of the send slice first (1 MiB: some 50-90 µs of a 2-rank call's 700 here).
            p.sendrecv(sbuf, soff, count, r ^ 1, rbuf, roff, count, r ^ 1, TAG);
            op.combine(sbuf, soff, rbuf, roff, count);
            first = 2;
        } else {
            // The partial result lives in the receive slice itself: one scratch vector a call, not three.
            System.arraycopy(sbuf, soff, rbuf, roff, count);
        }
        if (first >= fold.pof2) {
            return;
        }
        Object tmp = p.scratch(sbuf, count);
        int newRank = fold.fold(p, rbuf, roff, tmp, count, op, TAG);
        if (newRank >= 0) {
            for (int mask = first; mask < fold.pof2; mask <<= 1) {
                int dst = fold.realRank(newRank ^ mask);
                p.sendrecv(rbuf, roff, count, dst, tmp, 0, count, dst, TAG);
                if (dst < r || op.commutative()) {
                    op.combine(tmp, 0, rbuf, roff, count);
                } else {
                    op.combine(rbuf, roff, tmp, 0, count);
                    System.arraycopy(tmp, 0, rbuf, roff, count);
                }
            }
        }
        p.giveBack(tmp);
        fold.unfold(p, rbuf, roff, count, TAG);
    }
}
