package org.jomp.msg.transport.shm;

import org.jomp.msg.CommException;
import org.jomp.msg.Op;
import org.jomp.msg.coll.Slices;

/**
 * A large reduction without messages or staging: a reduce-scatter, then a gather or allgather, over the arrays the
 * ranks publish in the {@link SharedGroup} (the shape of Rabenseifner's algorithm, with shared memory in place of its
 * exchanges). Rank q combines chunk q of every rank's send slice, in rank order, into chunk q of the root's result
 * (reduce) or its own (allreduce), through a private chunk only where that result is also a send array read later; for
 * allreduce every rank then copies the other chunks out of their owners' results. Chunks hold whole units of the
 * operation ({@link Op#unit}: a MINLOC pair, a user operator's whole slice). Chunks are disjoint, so a result that
 * is also its rank's send slice is never overwritten before it is read; the last arrival keeps every array alive and
 * unchanged until nobody reads it.
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
        int unit = op.unit(count);
        int lo = chunkStart(count, unit, rank, size);
        int hi = chunkStart(count, unit, rank + 1, size);
        if (error == null && hi > lo) {
            int owner = root < 0 ? rank : root;
            Object result = g.recvRefs[parity][owner];
            int at = g.recvOffsets[parity][owner] + lo;
            if (readLater(g, parity, result, g.recvOffsets[parity][owner])) {
                Object chunk = Slices.copyOf(g.refs[parity][size - 1], g.refOffsets[parity][size - 1] + lo, hi - lo);
                combineInto(g, parity, op, lo, hi - lo, chunk, 0);
                System.arraycopy(chunk, 0, result, at, hi - lo);
            } else {
                System.arraycopy(g.refs[parity][size - 1], g.refOffsets[parity][size - 1] + lo, result, at, hi - lo);
                combineInto(g, parity, op, lo, hi - lo, result, at);
            }
        }
        FlatBarrier.arrive(m, call);
        if (root < 0 && error == null) {
            for (int i = 1; i < size; i++) {
                int r = (rank + i) % size;
                int rlo = chunkStart(count, unit, r, size);
                int rhi = chunkStart(count, unit, r + 1, size);
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

    /** Where rank {@code rank}'s chunk starts: rank {@code size} gets {@code count}, every boundary a unit's. */
    private static int chunkStart(int count, int unit, int rank, int size) {
        long units = (count + unit - 1) / unit;
        return (int) Math.min(count, units * rank / size * unit);
    }

    /**
     * Whether {@code result} (its slice from {@code offset}) is the send array of a rank whose chunk is read after
     * the result's chunk is first written: every rank's but the last's, and the last's unless the two slices are
     * one (in place). Then the chunk is combined in a private array and stored at the end, as before; otherwise
     * straight in the result, which saves a pass over the chunk and an array.
     */
    private static boolean readLater(SharedGroup g, int parity, Object result, int offset) {
        int last = g.size - 1;
        for (int r = 0; r < last; r++) {
            if (g.refs[parity][r] == result) {
                return true;
            }
        }
        return g.refs[parity][last] == result && g.refOffsets[parity][last] != offset;
    }

    /** Combines chunk {@code lo} of every rank's send slice but the last, from the last down, into {@code into}. */
    private static void combineInto(SharedGroup g, int parity, Op op, int lo, int n, Object into, int at) {
        for (int r = g.size - 2; r >= 0; r--) {
            op.combine(g.refs[parity][r], g.refOffsets[parity][r] + lo, into, at, n);
        }
    }
}
