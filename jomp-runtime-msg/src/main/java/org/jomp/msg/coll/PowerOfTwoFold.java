package org.jomp.msg.coll;

import org.jomp.msg.Op;

/**
 * The fold that lets a power-of-two reduction algorithm run on any number of ranks n (Thakur, Rabenseifner and
 * Gropp, "Optimization of collective communication operations in MPICH", 2005, section 4.4): with
 * pof2 = 2^floor(log2 n) and rem = n - pof2, the first 2 rem ranks pair up, each even one hands its vector to the
 * odd one above, which combines and stands for both as virtual rank r / 2; the other ranks become r - rem. After
 * the algorithm each odd one of those pairs hands the result back down. Virtual neighbours always hold adjacent
 * ranges of real ranks, so an algorithm that combines lower-range-first keeps rank order.
 */
final class PowerOfTwoFold {
    final int pof2;
    private final int rem;
    private final int rank;

    PowerOfTwoFold(int size, int rank) {
        this.pof2 = Integer.highestOneBit(size);
        this.rem = size - pof2;
        this.rank = rank;
    }

    /**
     * Folds the {@code count} elements of {@code acc} from {@code accOff} (combining into them on the odd rank of a
     * pair, with {@code tmp} from 0 as scratch); returns this rank's virtual rank, or -1 if it sits the algorithm
     * out.
     */
    int fold(PointToPoint p, Object acc, int accOff, Object tmp, int count, Op op, int tag) {
        if (rank >= 2 * rem) {
            return rank - rem;
        }
        if ((rank & 1) == 0) {
            p.send(acc, accOff, count, rank + 1, tag);
            return -1;
        }
        p.recv(tmp, 0, count, rank - 1, tag);
        op.combine(tmp, 0, acc, accOff, count);
        return rank / 2;
    }

    /** The real rank that virtual rank {@code virtual} stands for. */
    int realRank(int virtual) {
        return virtual < rem ? virtual * 2 + 1 : virtual + rem;
    }

    /** Hands the result in {@code acc} (from {@code accOff}) back to the even rank of each folded pair. */
    void unfold(PointToPoint p, Object acc, int accOff, int count, int tag) {
        if (rank < 2 * rem) {
            if ((rank & 1) != 0) {
                p.send(acc, accOff, count, rank - 1, tag);
            } else {
                p.recv(acc, accOff, count, rank + 1, tag);
            }
        }
    }
}
