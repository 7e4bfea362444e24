package org.jomp.msg.coll;

import org.jomp.msg.Op;

/**
 * Rabenseifner's allreduce for long vectors (R. Rabenseifner, "Optimization of collective reduction operations",
 * ICCS 2004; Thakur, Rabenseifner and Gropp 2005, section 4.4): a reduce-scatter by recursive halving (in step k
 * each rank keeps half of its current window of blocks, sends the other half to rank xor 2^k and combines the half
 * it receives), then an allgather by recursive doubling that retraces those steps backwards. Each rank sends and
 * receives about 2 (n-1)/n of the vector instead of log2 n whole vectors. Non-powers of two run it on
 * 2^floor(log2 n) virtual ranks ({@link PowerOfTwoFold}). Partners start with the lowest bit, so each always holds
 * an aligned, contiguous range of ranks and combining lower-range-first keeps rank order.
 */
public final class RabenseifnerAllreduce {
    private static final int TAG = 6;

    private RabenseifnerAllreduce() {
    }

    /** Needs {@code count >= 2^floor(log2 n)}, so that every block holds at least one element. */
    public static void run(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, int count, Op op) {
        int r = p.rank();
        PowerOfTwoFold fold = new PowerOfTwoFold(p.size(), r);
        int pof2 = fold.pof2;
        // The partial result lives in the receive slice itself (from roff), as in RecursiveDoublingAllreduce. With no
        // fold, the first halving reads the send slice instead and fills only the half it keeps, which spares a
        // pass over the whole vector: over sockets a rank's other copies in Java are the 1.5 vectors it sends and
        // the 1.5 it receives.
        boolean direct = pof2 == p.size() && !Slices.overlap(sbuf, soff, rbuf, roff, count);
        if (!direct) {
            System.arraycopy(sbuf, soff, rbuf, roff, count);
        }
        Object tmp = p.scratch(sbuf, count);
        int newRank = fold.fold(p, rbuf, roff, tmp, count, op, TAG);
        if (newRank >= 0) {
            int[] disp = new int[pof2 + 1];
            for (int b = 0; b <= pof2; b++) {
                disp[b] = (int) ((long) count * b / pof2);
            }
            int steps = Integer.numberOfTrailingZeros(pof2);
            int[] los = new int[steps + 1];
            int[] his = new int[steps + 1];
            int lo = 0;
            int hi = pof2;
            int step = 0;
            for (int mask = 1; mask < pof2; mask <<= 1, step++) {
                los[step] = lo;
                his[step] = hi;
                int dst = fold.realRank(newRank ^ mask);
                int mid = (lo + hi) >>> 1;
                int keepLo = (newRank & mask) == 0 ? lo : mid;
                int keepHi = (newRank & mask) == 0 ? mid : hi;
                int sendLo = (newRank & mask) == 0 ? mid : lo;
                int sendHi = (newRank & mask) == 0 ? hi : mid;
                int e0 = disp[keepLo];
                int len = disp[keepHi] - e0;
                int from = disp[sendLo];
                int sent = disp[sendHi] - from;
                if (direct && mask == 1) {
                    firstHalving(p, sbuf, soff, rbuf, roff, tmp, e0, len, from, sent, dst, op);
                } else {
                    p.sendrecv(rbuf, roff + from, sent, dst, tmp, e0, len, dst, TAG);
                    if (dst < r || op.commutative()) {
                        op.combine(tmp, e0, rbuf, roff + e0, len);
                    } else {
                        op.combine(rbuf, roff + e0, tmp, e0, len);
                        System.arraycopy(tmp, e0, rbuf, roff + e0, len);
                    }
                }
                lo = keepLo;
                hi = keepHi;
            }
            for (int mask = pof2 >> 1; mask > 0; mask >>= 1) {
                step--;
                int dst = fold.realRank(newRank ^ mask);
                int parentLo = los[step];
                int parentHi = his[step];
                int otherLo = lo == parentLo ? hi : parentLo;
                int otherHi = lo == parentLo ? parentHi : lo;
                p.sendrecv(rbuf, roff + disp[lo], disp[hi] - disp[lo], dst,
                        rbuf, roff + disp[otherLo], disp[otherHi] - disp[otherLo], dst, TAG);
                lo = parentLo;
                hi = parentHi;
            }
        }
        p.giveBack(tmp);
        fold.unfold(p, rbuf, roff, count, TAG);
    }

    /**
     * The first halving straight from the send slice: the partner's half of the kept elements (from {@code e0},
     * {@code len} of them) arrives in the receive slice, and this rank's own half is combined into it, unless the
     * partner's must come first in a non-commutative op, which needs them in order on the receive slice's side.
     */
    private static void firstHalving(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, Object tmp, int e0,
                                     int len, int from, int sent, int dst, Op op) {
        if (op.commutative() || p.rank() < dst) {
            p.sendrecv(sbuf, soff + from, sent, dst, rbuf, roff + e0, len, dst, TAG);
            op.combine(sbuf, soff + e0, rbuf, roff + e0, len);
        } else {
            p.sendrecv(sbuf, soff + from, sent, dst, tmp, e0, len, dst, TAG);
            System.arraycopy(sbuf, soff + e0, rbuf, roff + e0, len);
            op.combine(tmp, e0, rbuf, roff + e0, len);
        }
    }
}
