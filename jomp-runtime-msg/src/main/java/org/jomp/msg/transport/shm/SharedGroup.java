package org.jomp.msg.transport.shm;

import java.util.concurrent.atomic.AtomicLongArray;

import org.jomp.msg.transport.MatchingEngine;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.SharedCollectives;

/**
 * The shared area of one communicator whose ranks are threads of this JVM, through which its collectives
 * synchronise with flags instead of messages, as MPI shared-memory collective components (Open MPI's coll/sm) do.
 * Each rank works through its {@link SharedMember}; the algorithms are {@link FlatBarrier}, {@link FlagBroadcast},
 * {@link StagedReduce} and {@link StagedAllgather} up to {@code -Djomp.msg.shmCollectiveLimit} bytes (default
 * 16 KiB; for an allgather, of the whole result), {@link DirectBroadcast}, {@link DirectAllgather} and
 * {@link DirectReduce} above.
 *
 * <p><b>Flags.</b> Each rank owns three padded lines of {@link #lines}: a record for the barrier generations of
 * each parity (its arrival, the collective it arrived from, the count it staged and small data) and the last
 * broadcast it consumed. Only that rank writes them (release stores, no read-modify-write) and the others only read
 * them, so every wait spins on a line that changes once per collective: the rule Mellor-Crummey and Scott give for
 * scalable shared-memory synchronisation ("Algorithms for scalable synchronization on shared-memory
 * multiprocessors", ACM TOCS 9(1), 1991). A record per parity keeps a rank that has gone on to the next collective
 * off the line that the others may still be reading. The array is only 8-byte aligned, wherever the collector last
 * put it, so a record straddles two lines in most jobs, and a reader whose words lie in the second fetches it after
 * the first (0.84 against 0.57-0.65 µs for an 8-byte allreduce between far cores); aligned memory outside the heap
 * costs more per access on Java 17 than it saves (docs/benchmarks-msg-log.md).
 *
 * <p><b>Slots.</b> Staged and direct algorithms share the barrier's generations g: rank r puts its data, or a
 * reference to it, in its own slot of the set g mod 2 before it arrives at g, and the others read it after. A slot
 * of set g mod 2 is rewritten only at generation g + 2, by a rank that has passed the wait of g + 1, which no rank
 * reaches before it has finished reading generation g.
 */
final class SharedGroup {
    static final int LIMIT_BYTES = Integer.getInteger("jomp.msg.shmCollectiveLimit", 16 * 1024);
    /** Longs per 128 bytes: lines written by different ranks never share a cache line (or its adjacent one). */
    static final int PAD = 16;
    /** Each rank's padded lines: its record of each parity ({@link #record}) and its consumed broadcast. */
    static final int LINES_PER_RANK = 3;
    /** From rank r's record of a parity to rank r + 1's: the stride of a wait on every rank's arrival. */
    static final int RECORD_STRIDE = LINES_PER_RANK * PAD;
    /**
     * In rank r's record of parity p ({@link #record}), which it fills for the barrier generations g with g mod 2 = p:
     * its arrival generation, ...
     */
    static final int ARRIVED = 0;
    /** ... the word ({@code CollectiveTag}) of the collective it arrived from, ... */
    static final int CALL = 1;
    /**
     * ... the element count it staged or published; above bit 32, the element type's ordinal plus one when the
     * contribution is staged in the record itself (see {@link #INLINE}), ...
     */
    static final int COUNT = 2;
    /**
     * ... and a staged contribution of up to {@link #INLINE_BYTES} bytes: in the record whose arrival the barrier's
     * wait reads anyway, so that a small allgather or allreduce moves one record per rank, not a record and a
     * staging array.
     */
    static final int INLINE = 3;
    static final int INLINE_WORDS = 5;
    static final int INLINE_BYTES = 8 * INLINE_WORDS;
    /** Set in a value at {@link #current}. */
    static final long BEGUN = 1L << 32;

    final int size;
    final int[] worldRanks;
    /** Each member's rank in its communicator, which errors name. */
    final int[] names;
    final SharedMemoryFabric fabric;
    final AtomicLongArray lines;
    /** The lines of the small broadcast's ring ({@link FlagBroadcast}) while every rank has a core; a power of two. */
    static final int BCAST_LINES = 64;
    /** The ring's lines when this JVM runs more ranks than it has cores (128 KiB; a power of two). */
    static final int BCAST_LINES_OVERSUBSCRIBED = 1024;
    /** Staging arrays of the small broadcast for data too large for its ring, reused in turn. */
    static final int BCAST_STAGES = 64;
    /** In rank r's consumed line ({@link #consumed}): the last broadcast generation it has consumed, ... */
    static final int CONSUMED_GENERATION = 0;
    /** ... and the ring position after that broadcast's message. */
    static final int CONSUMED_POSITION = 1;
    /** Index of the broadcast ring's first word. */
    private final int bcastRing;
    /**
     * Index of the first of the lines in which each rank publishes the collective it has begun last ({@link #current}):
     * lines of their own, since every collective writes them and nobody spins on them.
     */
    private final int currentLine;
    /** How many words the broadcast ring has: a power of two, so that {@link #lap} masks instead of dividing. */
    final int bcastRingWords;
    /** stage[p][r]: rank r's staging array for generations of parity p (its own, reused). */
    final Object[][] stage;
    /** refs[p][r], refOffsets[p][r]: the user slice rank r publishes in a direct algorithm. */
    final Object[][] refs;
    final int[][] refOffsets;
    /** recvRefs[p][r], recvOffsets[p][r]: rank r's result slice in a direct reduction. */
    final Object[][] recvRefs;
    final int[][] recvOffsets;
    /** The broadcast's staging arrays for data too large for its slot's line, generation b's at b mod BCAST_STAGES. */
    final Object[] bcastStage = new Object[BCAST_STAGES];

    SharedGroup(int[] worldRanks, int[] names, SharedMemoryFabric fabric) {
        this.size = worldRanks.length;
        this.worldRanks = worldRanks.clone();
        this.names = names.clone();
        this.fabric = fabric;
        // Three lines per rank (a record per parity, the consumed broadcast), the broadcast ring and one more line
        // per rank, with a line of padding before the first and after the last.
        int ringLines = fabric.count() > Runtime.getRuntime().availableProcessors() ? BCAST_LINES_OVERSUBSCRIBED
                : BCAST_LINES;
        this.bcastRingWords = ringLines * PAD;
        this.lines = new AtomicLongArray(((LINES_PER_RANK + 1) * size + 2 + ringLines) * PAD);
        this.bcastRing = (LINES_PER_RANK * size + 1) * PAD;
        this.currentLine = bcastRing + bcastRingWords;
        this.stage = new Object[2][size];
        this.refs = new Object[2][size];
        this.refOffsets = new int[2][size];
        this.recvRefs = new Object[2][size];
        this.recvOffsets = new int[2][size];
    }

    /**
     * Index of the word ({@link org.jomp.msg.transport.CollectiveTag}) of the collective rank {@code r} has begun
     * last, with {@link #BEGUN} set; 0 before its first.
     */
    int current(int r) {
        return currentLine + r * PAD;
    }

    /**
     * Index of rank {@code r}'s record of parity {@code parity} (field {@link #ARRIVED}); a field at this plus its
     * offset. Each parity has a line of its own: a rank fills its record of g + 1 while the others may still read its
     * record of g, and were the two in one line, each such read would move the line back and forth mid-write.
     */
    static int record(int r, int parity) {
        return r * RECORD_STRIDE + (1 + parity) * PAD;
    }

    /** Index of rank {@code r}'s consumed line ({@link FlagBroadcast}); a field at this plus its offset. */
    static int consumed(int r) {
        return r * RECORD_STRIDE + 3 * PAD;
    }

    /** Index of the word at {@code position} of the broadcast ring, a count of words that only grows. */
    int ring(long position) {
        return bcastRing + lap(position);
    }

    /** Where {@code position} falls within the broadcast ring's current lap. */
    int lap(long position) {
        return (int) (position & (bcastRingWords - 1));
    }

    /** The view of member {@code rank}, whose failures are reported by {@code engine}. */
    SharedCollectives member(int rank, MatchingEngine engine) {
        return new SharedMember(this, rank, engine);
    }

    /** True if {@code count} elements like {@code buf} are staged rather than copied directly. */
    static boolean small(Object buf, long count) {
        return count * PayloadKind.ofSlice(buf).bytesPerElement() <= LIMIT_BYTES;
    }

    /** The element type of a published slice; none when that rank is in another collective (a program error). */
    static String describe(Object slice) {
        return slice == null ? "elements of no slice (it is in another collective)"
                : PayloadKind.ofSlice(slice).name().toLowerCase();
    }
}
