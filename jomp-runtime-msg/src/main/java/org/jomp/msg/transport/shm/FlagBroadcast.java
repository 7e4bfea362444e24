package org.jomp.msg.transport.shm;

import static org.jomp.msg.transport.shm.SharedGroup.BCAST_STAGES;
import static org.jomp.msg.transport.shm.SharedGroup.PAD;
import static org.jomp.msg.transport.shm.SharedGroup.consumed;

import org.jomp.msg.CollectiveMismatchException;
import org.jomp.msg.CommException;
import org.jomp.msg.coll.Slices;
import org.jomp.msg.transport.CollectiveTag;
import org.jomp.msg.transport.PackedWords;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.SliceCopy;

/**
 * A small broadcast that does not wait for its readers, as in Open MPI's coll/sm: the broadcast has its own
 * generation count b and S slots ({@link SharedGroup#bcastSlots}), each a line of the {@link SharedGroup}; the root
 * of b writes the data into slot b mod S (in the line's own words up to {@value #INLINE_BYTES} bytes, else into
 * staging array b mod {@value SharedGroup#BCAST_STAGES}), then its count and type, then b; each reader waits for b
 * in that slot, copies, and records b as consumed in its own line. A root may reuse a slot once every rank has
 * consumed the broadcast S before, and a staging array once every rank has consumed the one
 * {@value SharedGroup#BCAST_STAGES} before (the arrays hold up to 16 KiB each, the lines 104 bytes).
 *
 * <p>How far a root may run ahead decides the cost with more ranks than cores: a rank that is descheduled holds
 * the root back once the root has filled every slot, and the root then waits a time slice for it. A loop of 20,000
 * 8-byte broadcasts per round on 2 cores read, per call (medians of 30 rounds, 3 runs each): 4 ranks 0.16-0.26 us
 * with 64 slots, 0.05-0.16 with 1024; 8 ranks 0.32-0.50 and 0.10-0.11 (4 slots had read 3.5-4.6 and 6.9-8.8 us in
 * a shorter loop). 8192 slots gained nothing over 1024. So S is {@value SharedGroup#BCAST_SLOTS_OVERSUBSCRIBED}
 * when the JVM runs more ranks than it has cores, else {@value SharedGroup#BCAST_SLOTS} (8 KiB a communicator).
 *
 * <p>The root keeps the least generation all have consumed from its last look and reads their lines again only when
 * that no longer suffices, so in a run of broadcasts it reads them rarely and a broadcast costs about the one line
 * its slot is: the root's write, each reader's read.
 *
 * <p>The slot's kind word also carries the root's collective ({@link CollectiveTag}): a reader that finds another
 * collective there (a rank that skipped a broadcast, or called one with another root) fails instead of taking its
 * data. A root does not wait, so ranks that all believe themselves the root are not caught here.
 */
final class FlagBroadcast {
    private static final int GENERATION = 0;
    private static final int COUNT = 1;
    private static final int KIND = 2;
    private static final int DATA = 3;
    static final int INLINE_BYTES = (PAD - DATA) * 8;
    private static final PayloadKind[] KINDS = PayloadKind.values();

    private FlagBroadcast() {
    }

    static void run(SharedMember m, Object buf, int offset, int count, int root) {
        SharedGroup g = m.group;
        long b = ++m.bcastGeneration;
        int slot = (int) (b % g.bcastSlots);
        int at = g.bcastLine + slot * PAD;
        PayloadKind kind = PayloadKind.ofSlice(buf);
        boolean inline = (long) count * kind.bytesPerElement() <= INLINE_BYTES;
        int stage = (int) (b % BCAST_STAGES);
        if (m.rank == root) {
            long reusable = b - (inline ? g.bcastSlots : BCAST_STAGES);
            if (m.consumedByAll < reusable) {
                long least = Long.MAX_VALUE;
                for (int r = 0; r < g.size; r++) {
                    if (r != m.rank) {
                        m.await(consumed(r), reusable, r, "bcast");
                        least = Math.min(least, g.lines.getAcquire(consumed(r)));
                    }
                }
                m.consumedByAll = least;
            }
            if (inline) {
                PackedWords.pack(g.lines, at + DATA, kind, buf, offset, count);
            } else {
                Object s = Slices.reuse(g.bcastStage[stage], buf, count);
                g.bcastStage[stage] = s;
                SliceCopy.copy(buf, offset, s, 0, count);
            }
            g.lines.setPlain(at + COUNT, count);
            g.lines.setPlain(at + KIND, (long) m.word << 32 | kind.ordinal());
            g.lines.setRelease(at + GENERATION, b);
            // The root has "consumed" its own generation too: a later root with another rank waits on this line.
            g.lines.setRelease(consumed(m.rank), b);
        } else {
            m.await(at + GENERATION, b, root, "bcast");
            int sent = (int) g.lines.getPlain(at + COUNT);
            long kindWord = g.lines.getPlain(at + KIND);
            PayloadKind sentKind = KINDS[(int) kindWord];
            String other = CollectiveTag.rootDiffers(m.word, (int) (kindWord >>> 32));
            boolean fits = other == null && sentKind == kind && sent == count;
            if (fits && inline) {
                PackedWords.unpack(g.lines, at + DATA, kind, buf, offset, count);
            } else if (fits) {
                SliceCopy.copy(g.bcastStage[stage], 0, buf, offset, count);
            }
            g.lines.setRelease(consumed(m.rank), b);
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
}
