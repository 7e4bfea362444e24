package org.jomp.msg.coll;

import org.jomp.msg.Op;

/**
 * Recursive-doubling allreduce (Thakur, Rabenseifner and Gropp, "Optimization of collective communication
 * operations in MPICH", 2005, section 4.4): in step k every rank exchanges its whole partial result with rank xor
 * 2^k and combines, log2 n steps, best for short vectors. A non-power-of-two n first folds its first 2r ranks in
 * pairs (r = n - 2^floor(log2 n)): each even one hands its vector to the odd one above and waits for the result.
 * Partners always hold adjacent rank ranges, so combining lower-range-first keeps rank order.
 */
public final class RecursiveDoublingAllreduce {
    private static final int TAG = 5;

    private RecursiveDoublingAllreduce() {
    }

    public static void run(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, int count, Op op) {
        int n = p.size();
        int r = p.rank();
        Object acc = Slices.copyOf(sbuf, soff, count);
        Object tmp = Slices.allocate(sbuf, count);
        int pof2 = Integer.highestOneBit(n);
        int rem = n - pof2;
        int newRank;
        if (r < 2 * rem) {
            if ((r & 1) == 0) {
                p.send(acc, 0, count, r + 1, TAG);
                newRank = -1;
            } else {
                p.recv(tmp, 0, count, r - 1, TAG);
                op.combine(tmp, 0, acc, 0, count);
                newRank = r / 2;
            }
        } else {
            newRank = r - rem;
        }
        if (newRank >= 0) {
            for (int mask = 1; mask < pof2; mask <<= 1) {
                int newDst = newRank ^ mask;
                int dst = newDst < rem ? newDst * 2 + 1 : newDst + rem;
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
        if (r < 2 * rem) {
            if ((r & 1) != 0) {
                p.send(acc, 0, count, r - 1, TAG);
            } else {
                p.recv(acc, 0, count, r + 1, TAG);
            }
        }
        System.arraycopy(acc, 0, rbuf, roff, count);
    }
}
