package org.jomp.msg.transport.shm;

import static org.jomp.msg.transport.shm.SharedGroup.BCAST_STAGES;
import static org.jomp.msg.transport.shm.SharedGroup.CONSUMED_GENERATION;
import static org.jomp.msg.transport.shm.SharedGroup.CONSUMED_POSITION;
import static org.jomp.msg.transport.shm.SharedGroup.consumed;

import org.jomp.msg.CollectiveMismatchException;
import org.jomp.msg.CommException;
import org.jomp.msg.coll.Slices;
import org.jomp.msg.transport.CollectiveTag;
import org.jomp.msg.transport.PackedWords;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.SliceCopy;

/**
 * A small broadcast that does not wait for its readers, its messages packed one after another in a ring of words
 * ({@link SharedGroup#ring}) as Open MPI's shared-memory transport packs small messages in its per-peer "fast
 * box": a broadcast of 8 bytes takes 3 words, so a reader that follows a root running ahead takes several broadcasts
 * with each line it fetches, where a line per broadcast cost one move of a line between the cores each (0.19-0.25
 * us when the host had placed the cores far apart, 30 November 2026).
 *
 * <p>The broadcast has its own generation count b, and every rank the position in the ring (a word count that only
 * grows, taken modulo the ring's length) where broadcast b begins. There the root of b writes its message: b, a word
 * with its collective ({@link CollectiveTag}), element type and count, then the data in the ring's own words up to
 * {@value #INLINE_BYTES} bytes, else nothing (the data go to staging array b mod {@value SharedGroup#BCAST_STAGES}).
 * Before it stores b (last, with release) it zeroes the word where broadcast b + 1 will begin, so that a reader
 * waiting there sees zero, never an older lap's words, until that broadcast's root stores b + 1. Each reader waits
 * for b, copies, takes the message's length from the root's count (so that a rank expecting another count still
 * finds the next message), and records b and the position after the message as consumed in its own line. A message
 * never wraps: one that might not fit before the ring's end begins at its start.
 *
 * <p>A root may write a word of the ring once every rank has consumed the position one ring's length before it, and
 * reuse a staging array once every rank has consumed the broadcast {@value SharedGroup#BCAST_STAGES} before. How
 * far a root may run ahead decides the cost with more ranks than cores: a rank that is descheduled holds the root
 * back once the ring is full, and the root then waits a time slice for it. With a line per broadcast, a loop of
 * 20,000 8-byte broadcasts per round on 2 cores read, per call (medians of 30 rounds, 3 runs each): 4 ranks
 * 0.16-0.26 us with 64 lines, 0.05-0.16 with 1024; 8 ranks 0.32-0.50 and 0.10-0.11. So the ring has
 * {@value SharedGroup#BCAST_LINES_OVERSUBSCRIBED} lines when the JVM runs more ranks than it has cores, else
 * {@value SharedGroup#BCAST_LINES} (8 KiB a communicator).
 *
 * <p>The root keeps the least position and generation all have consumed from its last look and reads their lines
 * again only when that no longer suffices, so in a run of broadcasts it reads them rarely.
 *
 * <p>The message's second word carries the root's collective: a reader that finds another collective there (a rank
 * that skipped a broadcast, or called one with another root) fails instead of taking its data. A root does not wait,
 * so ranks that all believe themselves the root are not caught here.
 */
final class FlagBroadcast {
    /** Words of a message before its data: the generation, then the collective, element type and count. */
    private static final int HEADER = 2;
    private static final int INLINE_WORDS = 13;
    static final int INLINE_BYTES = INLINE_WORDS * 8;
    /** The longest message in words: no message begins later than this before the ring's end. */
    private static final int LONGEST = HEADER + INLINE_WORDS;
    private static final int COUNT_BITS = 28;
    /** The largest count the message's second word holds; larger broadcasts take {@link DirectBroadcast}. */
    static final int MAX_COUNT = (1 << COUNT_BITS) - 1;
    private static final PayloadKind[] KINDS = PayloadKind.values();

    private FlagBroadcast() {
    }

    static void run(SharedMember m, Object buf, int offset, int count, int root) {
        SharedGroup g = m.group;
        long b = m.nextBcastGeneration();
        long at = m.bcastPosition();
        PayloadKind kind = PayloadKind.ofSlice(buf);
        int stage = (int) (b % BCAST_STAGES);
        if (m.rank == root) {
            boolean inline = inline(kind, count);
            long next = next(g, at, kind, count);
            awaitRoom(m, next - g.bcastRingWords + 1, inline ? 0 : b - BCAST_STAGES);
            int i = g.ring(at);
            if (inline) {
                PackedWords.pack(g.lines, i + HEADER, kind, buf, offset, count);
            } else {
                Object s = Slices.reuse(g.bcastStage[stage], buf, count);
                g.bcastStage[stage] = s;
                SliceCopy.copy(buf, offset, s, 0, count);
            }
            g.lines.setPlain(i + 1, (long) m.word() << 32 | (long) kind.ordinal() << COUNT_BITS | count);
            g.lines.setPlain(g.ring(next), 0);
            g.lines.setRelease(i, b);
            consume(m, b, next);
        } else {
            int i = g.ring(at);
            m.await(i, b, root, "bcast");
            long meta = g.lines.getPlain(i + 1);
            int sent = (int) (meta & MAX_COUNT);
            PayloadKind sentKind = KINDS[(int) (meta >>> COUNT_BITS) & 0xf];
            String other = CollectiveTag.rootDiffers(m.word(), (int) (meta >>> 32));
            boolean fits = other == null && sentKind == kind && sent == count;
            if (fits && inline(kind, count)) {
                PackedWords.unpack(g.lines, i + HEADER, kind, buf, offset, count);
            } else if (fits) {
                SliceCopy.copy(g.bcastStage[stage], 0, buf, offset, count);
            }
            consume(m, b, next(g, at, sentKind, sent));
            if (other != null) {
                throw new CollectiveMismatchException(m.where("bcast") + ": " + other);
            }
            if (!fits) {
                throw new CommException(m.where("bcast") + ": root " + g.names[root] + " broadcasts " + sent + " "
                        + sentKind.name().toLowerCase() + " but this rank expects " + count + " "
                        + kind.name().toLowerCase());
            }
        }
    }

    private static boolean inline(PayloadKind kind, int count) {
        return (long) count * kind.bytesPerElement() <= INLINE_BYTES;
    }

    /** The position of the message after one of {@code count} elements of {@code kind} at {@code at}. */
    private static long next(SharedGroup g, long at, PayloadKind kind, int count) {
        int data = inline(kind, count) ? (count * kind.bytesPerElement() + 7) / 8 : 0;
        long end = at + HEADER + data;
        int lap = g.lap(end);
        return lap + LONGEST > g.bcastRingWords ? end - lap + g.bcastRingWords : end;
    }

    /**
     * As a root, waits until every other rank has consumed up to {@code position} and broadcast {@code generation};
     * the root has "consumed" its own broadcasts too, since a later root may be another rank.
     */
    private static void awaitRoom(SharedMember m, long position, long generation) {
        if (m.consumedByAll(position, generation)) {
            return;
        }
        SharedGroup g = m.group;
        long leastPosition = Long.MAX_VALUE;
        long leastGeneration = Long.MAX_VALUE;
        for (int r = 0; r < g.size; r++) {
            if (r != m.rank) {
                m.await(consumed(r) + CONSUMED_POSITION, position, r, "bcast");
                m.await(consumed(r) + CONSUMED_GENERATION, generation, r, "bcast");
                leastPosition = Math.min(leastPosition, g.lines.getAcquire(consumed(r) + CONSUMED_POSITION));
                leastGeneration = Math.min(leastGeneration, g.lines.getAcquire(consumed(r) + CONSUMED_GENERATION));
            }
        }
        m.noteConsumedByAll(leastPosition, leastGeneration);
    }

    private static void consume(SharedMember m, long b, long next) {
        m.bcastPosition(next);
        SharedGroup g = m.group;
        g.lines.setRelease(consumed(m.rank) + CONSUMED_GENERATION, b);
        g.lines.setRelease(consumed(m.rank) + CONSUMED_POSITION, next);
    }
}
