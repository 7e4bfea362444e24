package org.jomp.msg.transport.shm;

import static org.jomp.msg.transport.shm.SharedGroup.BEGUN;
import static org.jomp.msg.transport.shm.SharedGroup.CALL;
import static org.jomp.msg.transport.shm.SharedGroup.COUNT;
import static org.jomp.msg.transport.shm.SharedGroup.INLINE;
import static org.jomp.msg.transport.shm.SharedGroup.INLINE_BYTES;
import static org.jomp.msg.transport.shm.SharedGroup.describe;
import static org.jomp.msg.transport.shm.SharedGroup.record;
import static org.jomp.msg.transport.shm.SharedGroup.small;

import java.util.concurrent.locks.LockSupport;

import org.jomp.msg.CollectiveMismatchException;
import org.jomp.msg.CommException;
import org.jomp.msg.CommInterruptedException;
import org.jomp.msg.Op;
import org.jomp.msg.coll.Slices;
import org.jomp.msg.transport.CollectiveCall;
import org.jomp.msg.transport.CollectiveTag;
import org.jomp.msg.transport.MatchingEngine;
import org.jomp.msg.transport.PackedWords;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.SharedCollectives;
import org.jomp.msg.transport.SliceCopy;
import org.jomp.msg.transport.WaitPolicy;

/**
 * One rank's view of a {@link SharedGroup}: its generation counts, the waits and staging steps the algorithms are
 * built from, and the choice of algorithm by size (the same on every rank for the same arguments).
 */
final class SharedMember implements SharedCollectives {
    final SharedGroup group;
    final int rank;
    final MatchingEngine engine;
    /** See {@link #scratch}. */
    private Object scratch;
    /**
     * This rank's counts, which change at every collective, in the middle of an array of their own. As fields of this
     * object they shared a cache line with another rank's objects in JVMs where the collector had copied those side
     * by side, and every collective then moved the line between the cores: RankProgram's 8-byte bcast between 2 shm
     * ranks read 0.060-0.209 µs a call from one JVM to the next, 0.042-0.048 with the counts apart, and the barrier
     * 0.216-0.366 against 0.146-0.261 (6 alternated pairs, 1 December 2026, docs/benchmarks-msg-log.md).
     */
    private final long[] counts = new long[COUNTS_LENGTH];
    /** Before and after the counts: 128 bytes, a line and its adjacent one, as {@link SharedGroup#PAD}. */
    private static final int COUNTS_AT = 16;
    private static final int COUNTS_LENGTH = COUNTS_AT + 6 + 16;
    /** In {@link #counts}: generations of the barrier, which the staged and direct algorithms arrive at too, ... */
    private static final int SYNC_GENERATION = COUNTS_AT;
    /** ... generations of the small broadcast, ... */
    private static final int BCAST_GENERATION = COUNTS_AT + 1;
    /** ... where the next small broadcast's message begins in the ring ({@link FlagBroadcast}), ... */
    private static final int BCAST_POSITION = COUNTS_AT + 2;
    /** ... the least broadcast generation every other rank had consumed when this rank last looked, as a root, ... */
    private static final int CONSUMED_GENERATION_BY_ALL = COUNTS_AT + 3;
    /** ... the least ring position every other rank had consumed up to then, ... */
    private static final int CONSUMED_POSITION_BY_ALL = COUNTS_AT + 4;
    /** ... and the word of the collective this rank is in ({@link CollectiveTag}). */
    private static final int WORD = COUNTS_AT + 5;

    SharedMember(SharedGroup group, int rank, MatchingEngine engine) {
        this.group = group;
        this.rank = rank;
        this.engine = engine;
    }

    /** The word of the collective this rank is in. */
    int word() {
        return (int) counts[WORD];
    }

    /** The next barrier generation, now this rank's. */
    long nextSyncGeneration() {
        return ++counts[SYNC_GENERATION];
    }

    /** The next small broadcast's generation, now this rank's. */
    long nextBcastGeneration() {
        return ++counts[BCAST_GENERATION];
    }

    /** Where the next small broadcast's message begins in the ring. */
    long bcastPosition() {
        return counts[BCAST_POSITION];
    }

    /** The next small broadcast's message begins at {@code position}. */
    void bcastPosition(long position) {
        counts[BCAST_POSITION] = position;
    }

    /** Whether the others had consumed up to {@code position} and {@code generation} when this one last looked. */
    boolean consumedByAll(long position, long generation) {
        return counts[CONSUMED_POSITION_BY_ALL] >= position && counts[CONSUMED_GENERATION_BY_ALL] >= generation;
    }

    /** As a root, after a look at the others: the least position and generation every other rank has consumed. */
    void noteConsumedByAll(long leastPosition, long leastGeneration) {
        counts[CONSUMED_POSITION_BY_ALL] = leastPosition;
        counts[CONSUMED_GENERATION_BY_ALL] = leastGeneration;
    }

    /**
     * The call the user made, for messages, from the word of the collective this rank is in: a hybrid job's
     * allreduce runs a shared reduce and bcast. {@code local} (the shared operation) before any collective, and for
     * the periodic barrier of {@link CollectiveCall#EPOCH}.
     */
    String userCall(String local) {
        CollectiveCall c = CollectiveTag.callOf(word());
        return c == null || c == CollectiveCall.EPOCH ? local : c.label();
    }

    /** "allreduce on rank 3": how a message of this rank names the user's call and this rank. */
    String where(String local) {
        return userCall(local) + " on rank " + group.names[rank];
    }

    @Override
    public void begin(int word) {
        counts[WORD] = word;
        group.lines.setRelease(group.current(rank), BEGUN | (word & 0xffffffffL));
    }

    @Override
    public void barrier() {
        engine.checkFailure();
        FlatBarrier.arrive(this, "barrier");
    }

    @Override
    public boolean bcast(Object buf, int offset, int count, int root) {
        engine.checkFailure();
        if (small(buf, count) && count <= FlagBroadcast.MAX_COUNT) {
            FlagBroadcast.run(this, buf, offset, count, root);
        } else {
            DirectBroadcast.run(this, buf, offset, count, root);
        }
        return true;
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
            StagedAllgather.run(this, sendBuf, sendOffset, sendCount, recvBuf, counts, displs);
        } else {
            DirectAllgather.run(this, sendBuf, sendOffset, sendCount, recvBuf, counts, displs);
        }
        return true;
    }

    @Override
    public boolean reduce(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, Op op,
                          int root) {
        engine.checkFailure();
        String call = root < 0 ? "allreduce" : "reduce";
        if (small(sendBuf, count)) {
            StagedReduce.run(this, call, sendBuf, sendOffset, recvBuf, recvOffset, count, op, root);
        } else {
            DirectReduce.run(this, call, sendBuf, sendOffset, recvBuf, recvOffset, count, op, root);
        }
        return true;
    }

    /**
     * Waits until {@code lines[index] >= target}, a value only rank {@code owner} writes. Past the fast phases it
     * also watches that rank: if it has ended while the target is still unreached it will never reach it (its
     * last stores happened before it ended), so the collective fails naming it instead of hanging.
     */
    void await(int index, long target, int owner, String call) {
        if (WaitPolicy.spinUntil(group.lines, index, target, engine)) {
            return;
        }
        long since = System.nanoTime();
        while (group.lines.getAcquire(index) < target) {
            engine.checkFailure();
            checkSameCollective(index, target, call);
            if (group.fabric.hasEnded(group.worldRanks[owner]) && group.lines.getAcquire(index) < target) {
                throw new CommException(where(call) + ": rank " + group.names[owner]
                        + " ended without taking part in it");
            }
            CommInterruptedException.check(where(call));
            LockSupport.parkNanos(WaitPolicy.sleepSlice(System.nanoTime() - since));
        }
    }

    /**
     * Fails when another rank has begun a collective with this one's number that is not this one: it waits for
     * something else, and neither will see the other's flags. Checked where a wait has given up spinning; the
     * awaited flag is read again last, since its owner may have set it and begun later collectives meanwhile.
     */
    private void checkSameCollective(int index, long target, String call) {
        for (int r = 0; r < group.size; r++) {
            long theirs = group.lines.getAcquire(group.current(r));
            if (r != rank && theirs != 0 && CollectiveTag.sameNumber(word(), (int) theirs)) {
                String why = CollectiveTag.differs(word(), (int) theirs, group.names[r]);
                if (why != null && group.lines.getAcquire(index) < target) {
                    throw new CollectiveMismatchException(where(call) + ": " + why);
                }
            }
        }
    }

    /** Records, before this rank arrives at generation {@code g}, which collective it arrives from. */
    void stageCall(long g) {
        group.lines.setPlain(record(rank, (int) (g & 1)) + CALL, word());
    }

    /**
     * After every rank has arrived at generation {@code g}: fails if one arrived from another collective (a rank
     * that skipped a collective, or called another, or named another root, meets the others at the same barrier
     * generation). A rank cannot arrive at g + 2, rewriting its word, before this rank has passed g + 1.
     */
    void checkArrivals(long g, String call) {
        int parity = (int) (g & 1);
        for (int r = 0; r < group.size; r++) {
            if (r != rank) {
                String why = CollectiveTag.differs(word(), (int) group.lines.getPlain(record(r, parity) + CALL),
                        group.names[r]);
                if (why != null) {
                    throw new CollectiveMismatchException(where(call) + ": " + why);
                }
            }
        }
    }

    /** The parity of the generation about to start, whose slots and counts this rank is about to fill. */
    int nextParity() {
        return (int) ((counts[SYNC_GENERATION] + 1) & 1);
    }

    /** Records this rank's count for the generation of {@code parity}; ordered before its arrival's store. */
    void stageCount(int parity, int count) {
        group.lines.setPlain(record(rank, parity) + COUNT, count);
    }

    /** Rank {@code r}'s count for the generation of {@code parity}, read after waiting for its arrival. */
    int stagedCount(int parity, int r) {
        return (int) group.lines.getPlain(record(r, parity) + COUNT);
    }

    /** Publishes this rank's slice for the generation about to start; returns that generation's parity. */
    int publish(Object buf, int offset, int count) {
        int parity = nextParity();
        group.refs[parity][rank] = buf;
        group.refOffsets[parity][rank] = offset;
        stageCount(parity, count);
        return parity;
    }

    /** After the last arrival nobody reads this generation's references: drop ours (no lingering arrays). */
    void unpublish(int parity) {
        group.refs[parity][rank] = null;
        group.recvRefs[parity][rank] = null;
    }

    /** Why rank {@code r}'s published slice of {@code parity} is not {@code expected} like {@code like}; or null. */
    String mismatch(String call, int parity, int r, int expected, Object like) {
        Object theirs = group.refs[parity][r];
        if (theirs != null && stagedCount(parity, r) == expected && Slices.sameKind(theirs, like)) {
            return null;
        }
        return where(call) + ": rank " + group.names[r] + " has "
                + stagedCount(parity, r) + " " + describe(theirs) + " but this rank expects " + expected + " "
                + describe(like);
    }

    /**
     * Stages a copy of this rank's slice for the generation about to start, in its own record if it fits there, else
     * in its own slot; returns the generation's parity.
     */
    int stage(Object buf, int offset, int count) {
        PayloadKind kind = PayloadKind.ofSlice(buf);
        if ((long) count * kind.bytesPerElement() > INLINE_BYTES) {
            return stageCopy(buf, offset, count);
        }
        int parity = nextParity();
        PackedWords.pack(group.lines, record(rank, parity) + INLINE, kind, buf, offset, count);
        group.lines.setPlain(record(rank, parity) + COUNT, (long) (kind.ordinal() + 1) << 32 | count);
        return parity;
    }

    /** Whether rank {@code r} staged its contribution of {@code parity} in its record ({@link #stage}). */
    boolean stagedInline(int parity, int r) {
        return group.lines.getPlain(record(r, parity) + COUNT) >>> 32 != 0;
    }

    /** Copies rank {@code r}'s contribution of {@code parity}, checked, into {@code dest} from {@code offset}. */
    void copyStaged(int parity, int r, Object dest, int offset, int count) {
        if (stagedInline(parity, r)) {
            PackedWords.unpack(group.lines, record(r, parity) + INLINE, PayloadKind.ofSlice(dest), dest,
                    offset, count);
        } else {
            SliceCopy.copy(group.stage[parity][r], 0, dest, offset, count);
        }
    }

    private int stageCopy(Object buf, int offset, int count) {
        int parity = nextParity();
        Object had = group.stage[parity][rank];
        Object mine = Slices.reuse(had, buf, Math.max(count, 16));
        if (mine != had) {
            // Only then: the other ranks read this row, and a store would move its line even if it changed nothing.
            group.stage[parity][rank] = mine;
        }
        SliceCopy.copy(buf, offset, mine, 0, count);
        stageCount(parity, count);
        return parity;
    }

    /** Why rank {@code r}'s slot of {@code parity} does not hold {@code count} like {@code buf}; or null. */
    String stagedMismatch(String call, int parity, int r, int count, Object buf) {
        long word = group.lines.getPlain(record(r, parity) + COUNT);
        int staged = (int) word;
        int inlineKind = (int) (word >>> 32);
        Object theirs = group.stage[parity][r];
        boolean sameType = inlineKind != 0 ? KINDS[inlineKind - 1] == PayloadKind.ofSlice(buf)
                : theirs != null && Slices.sameKind(theirs, buf);
        if (sameType && staged == count) {
            return null;
        }
        String type = inlineKind != 0 ? KINDS[inlineKind - 1].name().toLowerCase() : describe(theirs);
        return where(call) + ": rank " + group.names[r] + " contributes " + staged + " "
                + type + " but this rank expects " + count + " " + describe(buf);
    }

    private static final PayloadKind[] KINDS = PayloadKind.values();

    /**
     * This rank's own small array like {@code like}, of at least {@code count} elements, reused between calls. The
     * field is written only when the array changes: the other ranks' members may share its cache line, and they
     * read theirs at every collective. Stored at every call, it made RankProgram's 8-byte allreduce between 2 shm
     * ranks read 0.236-0.388 µs a call (median 0.328 over 20 JVMs) against 0.222-0.300 (0.259 over 18;
     * docs/benchmarks-msg-log.md).
     */
    Object scratch(Object like, int count) {
        Object mine = Slices.reuse(scratch, like, Math.max(count, 16));
        if (mine != scratch) {
            scratch = mine;
        }
        return mine;
    }
}
