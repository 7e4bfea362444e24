package org.jomp.msg.transport.shm;

import org.jomp.msg.CommException;
import org.jomp.msg.Op;

/**
 * A small reduction or allreduce, flat, as Open MPI's coll/sm does it: each rank copies its contribution into its
 * own slot of the {@link SharedGroup} and arrives at the {@link FlatBarrier}; then the root (or every rank, for an
 * allreduce) combines all slots in rank order. One arrival, no messages; every rank combines in the same order, so
 * all get the same bits.
 */
final class StagedReduce {
    private StagedReduce() {
    }

    /** Reduces into {@code recvBuf} of {@code root}, or of every rank when {@code root < 0}. */
    static void run(SharedMember m, String call, Object sendBuf, int sendOffset, Object recvBuf, int recvOffset,
                    int count, Op op, int root) {
        int parity = m.stage(sendBuf, sendOffset, count);
        FlatBarrier.arrive(m, call);
        int size = m.group.size;
        for (int r = 0; r < size; r++) {
            String error = m.stagedMismatch(call, parity, r, count, sendBuf);
            if (error != null) {
                throw new CommException(error);
            }
        }
        if (root < 0 || root == m.rank) {
            // Right to left, so the result lands in recvBuf without touching shared slots:
            // s0 op (s1 op (... op s(n-1))), the same order, hence the same bits, on every rank.
            m.copyStaged(parity, size - 1, recvBuf, recvOffset, count);
            for (int r = size - 2; r >= 0; r--) {
                Object slot;
                if (m.stagedInline(parity, r)) {
                    slot = m.scratch(recvBuf, count);
                    m.copyStaged(parity, r, slot, 0, count);
                } else {
                    slot = m.group.stage[parity][r];
                }
                op.combine(slot, 0, recvBuf, recvOffset, count);
            }
        }
    }
}
