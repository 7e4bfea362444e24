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
 * shared flags instead of messages, as MPI shared-memory collective components (Open MPI's coll/sm) do.
 *
 * <p><b>Flags.</b> Each rank owns one padded line of {@link #lines}: its arrival generation, the element counts it
 * staged, and the last broadcast it consumed. Only that rank writes the line (release stores, no read-modify-write)
 * and the others only read it, so every wait spins on a line that changes once per collective: the rule
 * Mellor-Crummey and Scott give for scalable shared-memory synchronisation ("Algorithms for scalable synchronization
 * on shared-memory multiprocessors", ACM TOCS 9(1), 1991).
 *
 * <p><b>Barrier</b> (flat, all-to-all flags): every rank counts generations g; to arrive at g it stores g in its
 * own line and waits, in one spin phase, until every other rank's line shows g. With the few ranks a JVM runs as
 * threads, reading n - 1 lines costs less than a tree's extra hand-offs or a shared counter's contended increments.
 *
 * <p><b>Reductions and small allgathers</b> share the barrier's generations: each rank stages its data in its own
 * slot of the buffer set g mod 2 and its count in its own line, then arrives at g. After that every slot of
 * generation g is complete; each rank reads them all (a reduction combines them in rank order, so every rank gets
 * the same bits; an allgather copies them out). A slot of set g mod 2 is rewritten only at generation g + 2, by a
 * rank that has passed the wait of g + 1, which no rank reaches before it has finished reading generation g.
 *
 * <p><b>Broadcast</b> has its own generation count b and does not wait for the readers: the root copies its data
 * into staging buffer b mod 2 and publishes b with its count; each reader waits for b, copies, and records b as
 * consumed in its own line. Before the root of b + 2 reuses that buffer it waits until every rank has consumed b —
 * normally long done.
 *
 * <p><b>Large allgathers and broadcasts</b> copy once, straight between the users' arrays: every rank publishes a
 * reference to its send slice in its slot and arrives; then each copies what it needs out of the others' arrays
 * and arrives again, so that no rank returns (and reuses its array) while another still reads it. All ranks copy
 * at once.
 *
 * <p>Collectives up to {@code -Djomp.msg.shmCollectiveLimit} bytes (default 16 KiB; for an allgather, of the whole
 * result) are staged as above; larger ones work on the users' arrays directly (see {@code directReduce}).
 */
final class SharedGroup {
    static final int LIMIT_BYTES = Integer.getInteger("jomp.msg.shmCollectiveLimit", 16 * 1024);
    /** Longs per 128 bytes: lines written by different ranks never share a cache line (or its adjacent one). */
    private static final int PAD = 16;
    /** In rank r's line, at line(r, ARRIVED): its arrival generation. */
    private static final int ARRIVED = 0;
    /** ... the element count it staged or published for the generation of parity p, at COUNT + p. */
    private static final int COUNT = 1;
    /** ... the last broadcast generation it has consumed. */
    private static final int CONSUMED = 3;
    /**
     * In the broadcast line: the published generation, and at + 1 + p the count of the last one of parity p (the
     * root of b + 1 may publish before a reader of b has read b's count).
     */
    private static final int PUBLISHED = 0;

    private final int size;
    private final int[] worldRanks;
    private final SharedMemoryFabric fabric;
    private final AtomicLongArray lines;
    private final int bcastLine;
    private final Object[][] stage;
    private final Object[][] refs;
    private final int[][] refOffsets;
    private final Object[][] recvRefs;
    private final int[][] recvOffsets;
    private final Object[] bcastStage = new Object[2];

    SharedGroup(int[] worldRanks, SharedMemoryFabric fabric) {
        this.size = worldRanks.length;
        this.worldRanks = worldRanks.clone();
        this.fabric = fabric;
        // One line per rank and one for the broadcast, with a line of padding before the first.
        this.lines = new AtomicLongArray((size + 2) * PAD);
        this.bcastLine = (size + 1) * PAD;
        this.stage = new Object[2][size];
        this.refs = new Object[2][size];
        this.refOffsets = new int[2][size];
        this.recvRefs = new Object[2][size];
        this.recvOffsets = new int[2][size];
    }

    /** Index of field {@code field} in rank {@code r}'s line. */
    private static int line(int r, int field) {
        return (r + 1) * PAD + field;
    }

    /** The view of member {@code rank}, whose failures are reported by {@code engine}. */
    SharedCollectives member(int rank, MatchingEngine engine) {
        return new Member(rank, engine);
    }

    private static boolean small(Object buf, long count) {
        return count * PayloadKind.ofArray(buf).bytesPerElement() <= LIMIT_BYTES;
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
         * Waits until {@code lines[index] >= target}, a value only rank {@code owner} writes. Past the fast phases it
         * also watches that rank: if it has ended while the target is still unreached it will never reach it (its
         * last stores happened before it ended), so the collective fails naming it instead of hanging.
         */
        private void await(int index, long target, int owner, String call) {
            if (WaitPolicy.spinUntil(lines, index, target, engine)) {
                return;
            }
            while (lines.getAcquire(index) < target) {
                engine.checkFailure();
                if (fabric.hasEnded(worldRanks[owner]) && lines.getAcquire(index) < target) {
                    throw new CommException(call + " on rank " + rank + ": rank " + owner
                            + " ended without taking part in it");
                }
                CommInterruptedException.check(call + " on rank " + rank);
                LockSupport.parkNanos(WaitPolicy.PARK_NANOS);
            }
        }

        /** The flat barrier: this rank's line shows the next generation; then it waits for every other line. */
        private void arrive(String call) {
            long g = ++syncGeneration;
            lines.setRelease(line(rank, ARRIVED), g);
            int k = WaitPolicy.spinUntilAll(lines, line(0, ARRIVED), PAD, size, g, engine);
            for (int r = k; r < size; r++) {
                await(line(r, ARRIVED), g, r, call);
            }
        }

        @Override
        public void barrier() {
            engine.checkFailure();
            arrive("barrier");
        }

        /** The parity of the generation about to start, whose slots and counts this rank is about to fill. */
        private int nextParity() {
            return (int) ((syncGeneration + 1) & 1);
        }

        /** Records this rank's count for the generation of {@code parity}; ordered before its arrival's store. */
        private void stageCount(int parity, int count) {
            lines.setPlain(line(rank, COUNT + parity), count);
        }

        /** Rank {@code r}'s count for the generation of {@code parity}, read after waiting for its arrival. */
        private int stagedCount(int parity, int r) {
            return (int) lines.getPlain(line(r, COUNT + parity));
        }

        /** Publishes this rank's slice for the generation about to start; returns that generation's parity. */
        private int publish(Object buf, int offset, int count) {
            int parity = nextParity();
            refs[parity][rank] = buf;
            refOffsets[parity][rank] = offset;
            stageCount(parity, count);
            return parity;
        }

        /** After the last arrival nobody reads this generation's references: drop ours (no lingering arrays). */
        private void unpublish(int parity) {
            refs[parity][rank] = null;
            recvRefs[parity][rank] = null;
        }

        private String mismatch(String call, int parity, int r, int expected, Object like) {
            Object theirs = refs[parity][r];
            if (theirs != null && stagedCount(parity, r) == expected && theirs.getClass() == like.getClass()) {
                return null;
            }
            return call + " on rank " + rank + ": rank " + r + " has " + stagedCount(parity, r) + " "
                    + describe(theirs) + " but this rank expects " + expected + " " + describe(like);
        }

        /** This rank's staging slot of set {@code parity}, holding at least {@code count} elements like {@code buf}. */
        private Object slot(int parity, Object buf, int count) {
            Object mine = stage[parity][rank];
            if (mine == null || mine.getClass() != buf.getClass()
                    || java.lang.reflect.Array.getLength(mine) < count) {
                mine = Slices.allocate(buf, Math.max(count, 16));
                stage[parity][rank] = mine;
            }
            return mine;
        }

        /** Stages a copy of this rank's slice for the generation about to start; returns its parity. */
        private int stageCopy(Object buf, int offset, int count) {
            int parity = nextParity();
            System.arraycopy(buf, offset, slot(parity, buf, count), 0, count);
            stageCount(parity, count);
            return parity;
        }

        /** Why rank {@code r}'s slot of {@code parity} does not hold {@code count} like {@code buf}; or null. */
        private String stagedMismatch(String call, int parity, int r, int count, Object buf) {
            Object theirs = stage[parity][r];
            int staged = stagedCount(parity, r);
            if (theirs != null && staged == count && theirs.getClass() == buf.getClass()) {
                return null;
            }
            return call + " on rank " + rank + ": rank " + r + " contributes " + staged + " " + describe(theirs)
                    + " but this rank expects " + count + " " + describe(buf);
        }

        @Override
        public boolean allgatherv(Object sendBuf, int sendOffset, int sendCount, Object recvBuf, int[] counts,
                                  int[] displs) {
            engine.checkFailure();
            long total = 0;
            for (int c : counts) {
                total += c;
            }
            if (small(recvBuf, total)) {
                stagedAllgatherv(sendBuf, sendOffset, sendCount, recvBuf, counts, displs);
                return true;
            }
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

        /** A small allgather: one arrival, each rank then copies the others' staged slots. */
        private void stagedAllgatherv(Object sendBuf, int sendOffset, int sendCount, Object recvBuf, int[] counts,
                                      int[] displs) {
            int parity = stageCopy(sendBuf, sendOffset, sendCount);
            arrive("allgather");
            for (int i = 1; i < size; i++) {
                int r = (rank + i) % size;
                String error = stagedMismatch("allgather", parity, r, counts[r], recvBuf);
                if (error != null) {
                    throw new CommException(error);
                }
                System.arraycopy(stage[parity][r], 0, recvBuf, displs[r], counts[r]);
            }
            System.arraycopy(sendBuf, sendOffset, recvBuf, displs[rank], sendCount);
        }

        /** A large broadcast: every rank copies straight out of the root's array, all at once. */
        private void directBcast(Object buf, int offset, int count, int root) {
            int parity = publish(rank == root ? buf : null, offset, count);
            arrive("bcast");
            String error = null;
            if (rank != root) {
                Object theirs = refs[parity][root];
                if (theirs == null || stagedCount(parity, root) != count || theirs.getClass() != buf.getClass()) {
                    error = "bcast on rank " + rank + ": root " + root + " broadcasts " + stagedCount(parity, root)
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
                        await(line(r, CONSUMED), b - 2, r, "bcast");
                    }
                }
                Object s = bcastStage[parity];
                if (s == null || s.getClass() != buf.getClass() || java.lang.reflect.Array.getLength(s) < count) {
                    s = Slices.allocate(buf, Math.max(count, 16));
                    bcastStage[parity] = s;
                }
                System.arraycopy(buf, offset, s, 0, count);
                lines.setPlain(bcastLine + PUBLISHED + 1 + parity, count);
                lines.setRelease(bcastLine + PUBLISHED, b);
                // The root has "consumed" its own generation too: a later root with another rank waits on this line.
                lines.setRelease(line(rank, CONSUMED), b);
            } else {
                await(bcastLine + PUBLISHED, b, root, "bcast");
                Object s = bcastStage[parity];
                int sent = (int) lines.getPlain(bcastLine + PUBLISHED + 1 + parity);
                boolean fits = s.getClass() == buf.getClass() && sent == count;
                if (fits) {
                    System.arraycopy(s, 0, buf, offset, count);
                }
                lines.setRelease(line(rank, CONSUMED), b);
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
            String call = root < 0 ? "allreduce" : "reduce";
            int parity = stageCopy(sendBuf, sendOffset, count);
            arrive(call);
            Object[] slots = stage[parity];
            for (int r = 0; r < size; r++) {
                String error = stagedMismatch(call, parity, r, count, sendBuf);
                if (error != null) {
                    throw new CommException(error);
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
