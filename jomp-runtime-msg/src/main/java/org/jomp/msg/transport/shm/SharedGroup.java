package org.jomp.msg.transport.shm;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

import org.jomp.msg.CommException;
import org.jomp.msg.CommInterruptedException;
import org.jomp.msg.Op;
import org.jomp.msg.coll.Slices;
import org.jomp.msg.transport.MatchingEngine;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.SharedCollectives;
import org.jomp.msg.transport.WaitPolicy;

/**
 * Shared-memory collectives of one communicator whose ranks are threads of this JVM: synchronisation through
 * shared counters instead of messages, as MPI shared-memory collective components (Open MPI's coll/sm) do.
 *
 * <p><b>Barrier and reductions</b> share a generation count g: each rank stages its data in its own slot of the
 * buffer set g mod 2, then increments one shared arrival counter and waits until it reaches g n (a counter
 * barrier: monotonic, so it needs no sense reversal). After that every slot of generation g is complete; each rank
 * reads them all. A slot of set g mod 2 is rewritten only at generation g + 2, by a rank that has passed the wait
 * of g + 1, which no rank reaches before it has finished reading generation g.
 *
 * <p><b>Broadcast</b> has its own generation count b and does not wait for the readers: the root copies its data
 * into staging buffer b mod 2 and publishes b; each reader waits for b, copies, and records b as consumed. Before
 * the root of b + 2 reuses that buffer it waits until every rank has consumed b — normally long done.
 *
 * <p><b>Allgather and large broadcasts</b> copy once, straight between the users' arrays: every rank publishes a
 * reference to its send slice in its slot and arrives; then each copies what it needs out of the others' arrays
 * and arrives again, so that no rank returns (and reuses its array) while another still reads it. All ranks copy
 * at once.
 *
 * <p>Reductions and broadcasts up to {@code -Djomp.msg.shmCollectiveLimit} bytes (default 16 KiB) are staged as
 * above; larger ones work on the users' arrays directly (see {@code directReduce}).
 */
final class SharedGroup {
    static final int LIMIT_BYTES = Integer.getInteger("jomp.msg.shmCollectiveLimit", 16 * 1024);
    /** Longs per 128 bytes: counters written by different ranks live on different cache lines. */
    private static final int PAD = 16;
    private static final int ARRIVED = 0;
    private static final int PUBLISHED = PAD;

    private final int size;
    private final int[] worldRanks;
    private final SharedMemoryFabric fabric;
    private final AtomicLongArray counters = new AtomicLongArray(2 * PAD);
    private final AtomicLongArray consumed;
    private final Object[][] stage;
    private final int[][] stageCount;
    private final Object[][] refs;
    private final int[][] refOffsets;
    private final Object[][] recvRefs;
    private final int[][] recvOffsets;
    private final Object[] bcastStage = new Object[2];
    private final int[] bcastCount = new int[2];

    SharedGroup(int[] worldRanks, SharedMemoryFabric fabric) {
        this.size = worldRanks.length;
        this.worldRanks = worldRanks.clone();
        this.fabric = fabric;
        this.consumed = new AtomicLongArray((size + 1) * PAD);
        this.stage = new Object[2][size];
        this.stageCount = new int[2][size];
        this.refs = new Object[2][size];
        this.refOffsets = new int[2][size];
        this.recvRefs = new Object[2][size];
        this.recvOffsets = new int[2][size];

    }

    /** The view of member {@code rank}, whose failures are reported by {@code engine}. */
    SharedCollectives member(int rank, MatchingEngine engine) {
        return new Member(rank, engine);
    }

    private static boolean small(Object buf, int count) {
        return (long) count * PayloadKind.ofArray(buf).bytesPerElement() <= LIMIT_BYTES;
    }

    /** The element type of a published array; none when that rank is in another collective (a program error). */
    private static String describe(Object array) {
        return array == null ? "elements of no slice (it is in another collective)"
                : PayloadKind.ofArray(array).name().toLowerCase();
    }

    private final class Member implements SharedCollectives {
        private final int rank;
        private final MatchingEngine engine;
        private long syncGeneration;
        private long bcastGeneration;

        Member(int rank, MatchingEngine engine) {
            this.rank = rank;
            this.engine = engine;
        }

        /**
         * Waits until {@code counter[index] >= target}. Past the fast phases it also watches the members: one that
         * has ended while the target is still unreached will never reach it (its last increments happened before
         * it ended), so the collective fails naming it instead of hanging.
         */
        private void await(AtomicLongArray counter, int index, long target, String call) {
            if (WaitPolicy.spinUntil(counter, index, target, engine)) {
                return;
            }
            while (counter.get(index) < target) {
                engine.checkFailure();
                for (int r = 0; r < size; r++) {
                    if (r != rank && fabric.hasEnded(worldRanks[r]) && counter.get(index) < target) {
                        throw new CommException(call + " on rank " + rank + ": rank " + r
                                + " ended without taking part in it");
                    }
                }
                CommInterruptedException.check(call + " on rank " + rank);
                LockSupport.parkNanos(WaitPolicy.PARK_NANOS);
            }
        }

        private void arrive(String call) {
            ++syncGeneration;
            counters.incrementAndGet(ARRIVED);
            await(counters, ARRIVED, syncGeneration * size, call);
        }

        @Override
        public void barrier() {
            engine.checkFailure();
            arrive("barrier");
        }

        /** Publishes this rank's slice for the generation about to start; returns that generation's parity. */
        private int publish(Object buf, int offset, int count) {
            int parity = (int) ((syncGeneration + 1) & 1);
            refs[parity][rank] = buf;
            refOffsets[parity][rank] = offset;
            stageCount[parity][rank] = count;
            return parity;
        }

        /** After the last arrival nobody reads this generation's references: drop ours (no lingering arrays). */
        private void unpublish(int parity) {
            refs[parity][rank] = null;
            recvRefs[parity][rank] = null;
        }

        private String mismatch(String call, int parity, int r, int expected, Object like) {
            Object theirs = refs[parity][r];
            if (theirs != null && stageCount[parity][r] == expected && theirs.getClass() == like.getClass()) {
                return null;
            }
            return call + " on rank " + rank + ": rank " + r + " has " + stageCount[parity][r] + " "
                    + describe(theirs) + " but this rank expects " + expected + " " + describe(like);
        }

        @Override
        public boolean allgatherv(Object sendBuf, int sendOffset, int sendCount, Object recvBuf, int[] counts,
                                  int[] displs) {
            engine.checkFailure();
            int parity = publish(sendBuf, sendOffset, sendCount);
            arrive("allgather");
            String error = null;
            for (int i = 1; i < size && error == null; i++) {
                int r = (rank + i) % size;
                error = mismatch("allgather", parity, r, counts[r], recvBuf);
                if (error == null) {
                    System.arraycopy(refs[parity][r], refOffsets[parity][r], recvBuf, displs[r], counts[r]);
                }
            }
            System.arraycopy(sendBuf, sendOffset, recvBuf, displs[rank], sendCount);
            arrive("allgather");
            unpublish(parity);
            if (error != null) {
                throw new CommException(error);
            }
            return true;
        }

        /** A large broadcast: every rank copies straight out of the root's array, all at once. */
        private void directBcast(Object buf, int offset, int count, int root) {
            int parity = publish(rank == root ? buf : null, offset, count);
            arrive("bcast");
            String error = null;
            if (rank != root) {
                Object theirs = refs[parity][root];
                if (theirs == null || stageCount[parity][root] != count || theirs.getClass() != buf.getClass()) {
                    error = "bcast on rank " + rank + ": root " + root + " broadcasts " + stageCount[parity][root]
                            + " " + describe(theirs) + " but this rank expects " + count + " " + describe(buf);
                } else {
                    System.arraycopy(theirs, refOffsets[parity][root], buf, offset, count);
                }
            }
            arrive("bcast");
            unpublish(parity);
            if (error != null) {
                throw new CommException(error);
            }
        }

        @Override
        public boolean bcast(Object buf, int offset, int count, int root) {
            engine.checkFailure();
            if (!small(buf, count)) {
                directBcast(buf, offset, count, root);
                return true;
            }
            long b = ++bcastGeneration;
            int parity = (int) (b & 1);
            if (rank == root) {
                for (int r = 0; r < size; r++) {
                    if (r != rank) {
                        await(consumed, r * PAD, b - 2, "bcast");
                    }
                }
                Object s = bcastStage[parity];
                if (s == null || s.getClass() != buf.getClass() || java.lang.reflect.Array.getLength(s) < count) {
                    s = Slices.allocate(buf, Math.max(count, 16));
                    bcastStage[parity] = s;
                }
                System.arraycopy(buf, offset, s, 0, count);
                bcastCount[parity] = count;
                counters.set(PUBLISHED, b);
                // The root has "consumed" its own generation too: a later root with another rank waits on this slot.
                consumed.set(rank * PAD, b);
            } else {
                await(counters, PUBLISHED, b, "bcast");
                Object s = bcastStage[parity];
                int sent = bcastCount[parity];
                boolean fits = s.getClass() == buf.getClass() && sent == count;
                if (fits) {
                    System.arraycopy(s, 0, buf, offset, count);
                }
                consumed.set(rank * PAD, b);
                if (!fits) {
                    throw new CommException("bcast on rank " + rank + ": root " + root + " broadcasts " + sent + " "
                            + describe(s) + " but this rank expects " + count + " " + describe(buf));
                }
            }
            return true;
        }

        /**
         * A large reduction without messages or staging (a reduce-scatter, then a gather or allgather, over shared
         * arrays): rank q combines chunk q of every rank's send slice, in rank order, into a private chunk, then
         * stores it into the root's result (reduce) or its own (allreduce); for allreduce every rank then copies
         * the other chunks out of their owners' results. Chunks are disjoint, so a result that is also its rank's
         * send slice is never overwritten before it is read; the last arrival keeps every array alive and
         * unchanged until nobody reads it.
         */
        private void directReduce(String call, Object sendBuf, int sendOffset, Object recvBuf, int recvOffset,
                                  int count, Op op, int root) {
            int parity = publish(sendBuf, sendOffset, count);
            recvRefs[parity][rank] = recvBuf;
            recvOffsets[parity][rank] = recvOffset;
            arrive(call);
            String error = null;
            for (int r = 0; r < size && error == null; r++) {
                error = mismatch(call, parity, r, count, sendBuf);
            }
            int lo = (int) ((long) count * rank / size);
            int hi = (int) ((long) count * (rank + 1) / size);
            if (error == null && hi > lo) {
                Object chunk = Slices.copyOf(refs[parity][size - 1], refOffsets[parity][size - 1] + lo, hi - lo);
                for (int r = size - 2; r >= 0; r--) {
                    op.combine(refs[parity][r], refOffsets[parity][r] + lo, chunk, 0, hi - lo);
                }
                int owner = root < 0 ? rank : root;
                System.arraycopy(chunk, 0, recvRefs[parity][owner], recvOffsets[parity][owner] + lo, hi - lo);
            }
            arrive(call);
            if (root < 0 && error == null) {
                for (int i = 1; i < size; i++) {
                    int r = (rank + i) % size;
                    int rlo = (int) ((long) count * r / size);
                    int rhi = (int) ((long) count * (r + 1) / size);
                    System.arraycopy(recvRefs[parity][r], recvOffsets[parity][r] + rlo, recvBuf, recvOffset + rlo,
                            rhi - rlo);
                }
                arrive(call);
            }
            unpublish(parity);
            if (error != null) {
                throw new CommException(error);
            }
        }

        @Override
        public boolean reduce(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, Op op,
                              int root) {
            engine.checkFailure();
            if (!small(sendBuf, count)) {
                directReduce(root < 0 ? "allreduce" : "reduce", sendBuf, sendOffset, recvBuf, recvOffset, count, op,
                        root);
                return true;
            }
            int parity = (int) ((syncGeneration + 1) & 1);
            Object[] slots = stage[parity];
            Object mine = slots[rank];
            if (mine == null || mine.getClass() != sendBuf.getClass()
                    || java.lang.reflect.Array.getLength(mine) < count) {
                mine = Slices.allocate(sendBuf, Math.max(count, 16));
                slots[rank] = mine;
            }
            System.arraycopy(sendBuf, sendOffset, mine, 0, count);
            stageCount[parity][rank] = count;
            arrive(root < 0 ? "allreduce" : "reduce");
            for (int r = 0; r < size; r++) {
                if (slots[r] == null || stageCount[parity][r] != count || slots[r].getClass() != sendBuf.getClass()) {
                    throw new CommException((root < 0 ? "allreduce" : "reduce") + " on rank " + rank + ": rank " + r
                            + " contributes " + stageCount[parity][r] + " " + describe(slots[r])
                            + " but this rank " + count + " " + describe(sendBuf));
                }
            }
            if (root < 0 || root == rank) {
                // Right to left, so the result lands in recvBuf without touching shared slots:
                // s0 op (s1 op (... op s(n-1))), the same order, hence the same bits, on every rank.
                System.arraycopy(slots[size - 1], 0, recvBuf, recvOffset, count);
                for (int r = size - 2; r >= 0; r--) {
                    op.combine(slots[r], 0, recvBuf, recvOffset, count);
                }
            }
            return true;
        }
    }
}
