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
        Object acc = Slices.copyOf(sbuf, soff, count);
        Object tmp = Slices.allocate(sbuf, count);
        PowerOfTwoFold fold = new PowerOfTwoFold(p.size(), r);
        int newRank = fold.fold(p, acc, tmp, count, op, TAG);
        if (newRank >= 0) {
            for (int mask = 1; mask < fold.pof2; mask <<= 1) {
                int dst = fold.realRank(newRank ^ mask);
                p.sendrecv(acc, 0, count, dst, tmp, 0, count, dst, TAG);
                if (dst < r || op.commutative()) {
                    op.combine(tmp, 0, acc, 0, count);
                } else {
                    op.combine(acc, 0, tmp, 0, count);
                    Object t = acc;
                    acc = tmp;
                    tmp = t;
                }
            }
        }
        fold.unfold(p, acc, count, TAG);
        System.arraycopy(acc, 0, rbuf, roff, count);
    }
}
