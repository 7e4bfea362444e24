package org.jomp.msg.transport.shm;

import org.jomp.msg.CommException;
import org.jomp.msg.Op;
import org.jomp.msg.coll.Slices;

/**
 * A large reduction without messages or staging: a reduce-scatter, then a gather or allgather, over the arrays the
 * ranks publish in the {@link SharedGroup} (the shape of Rabenseifner's algorithm, with shared memory in place of
 * its exchanges). Rank q combines chunk q of every rank's send slice, in rank order, into a private chunk, then
 * stores it into the root's result (reduce) or its own (allreduce); for allreduce every rank then copies the other
 * chunks out of their owners' results. Chunks are disjoint, so a result that is also its rank's send slice is never
 * overwritten before it is read; the last arrival keeps every array alive and unchanged until nobody reads it.
 */
final class DirectReduce {
    private DirectReduce() {
    }

    /** Reduces into {@code recvBuf} of {@code root}, or of every rank when {@code root < 0}. */
    static void run(SharedMember m, String call, Object sendBuf, int sendOffset, Object recvBuf, int recvOffset,
                    int count, Op op, int root) {
        SharedGroup g = m.group;
        int size = g.size;
        int rank = m.rank;
        int parity = m.publish(sendBuf, sendOffset, count);
        g.recvRefs[parity][rank] = recvBuf;
        g.recvOffsets[parity][rank] = recvOffset;
        FlatBarrier.arrive(m, call);
        String error = null;
        for (int r = 0; r < size && error == null; r++) {
            error = m.mismatch(call, parity, r, count, sendBuf);
        }
        int lo = (int) ((long) count * rank / size);
        int hi = (int) ((long) count * (rank + 1) / size);
        if (error == null && hi > lo) {
            Object chunk = Slices.copyOf(g.refs[parity][size - 1], g.refOffsets[parity][size - 1] + lo, hi - lo);
            for (int r = size - 2; r >= 0; r--) {
                op.combine(g.refs[parity][r], g.refOffsets[parity][r] + lo, chunk, 0, hi - lo);
            }
            int owner = root < 0 ? rank : root;
            System.arraycopy(chunk, 0, g.recvRefs[parity][owner], g.recvOffsets[parity][owner] + lo, hi - lo);
        }
        FlatBarrier.arrive(m, call);
        if (root < 0 && error == null) {
            for (int i = 1; i < size; i++) {
                int r = (rank + i) % size;
                int rlo = (int) ((long) count * r / size);
                int rhi = (int) ((long) count * (r + 1) / size);
                System.arraycopy(g.recvRefs[parity][r], g.recvOffsets[parity][r] + rlo, recvBuf, recvOffset + rlo,
                        rhi - rlo);
            }
            FlatBarrier.arrive(m, call);
        }
        m.unpublish(parity);
        if (error != null) {
            throw new CommException(error);
        }
    }
}
