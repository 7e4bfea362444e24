package org.jomp.msg.coll;

import org.jomp.msg.CollectiveMismatchException;
import org.jomp.msg.transport.CollectiveTag;
import org.jomp.msg.transport.HostRing;
import org.jomp.msg.transport.PayloadKind;

/**
 * A small broadcast among rank JVMs of one host that does not wait for its readers: the root writes its message
 * into the communicator's {@link HostRing} once, and every other rank reads it from there, as Open MPI's coll/sm
 * and the shared-memory transport's own flag broadcast do. Over messages an 8-byte broadcast among 8 ranks sends 7
 * messages through the tree, each a write into a ring or socket and a matching at its receiver, with log2 n rounds
 * that each wait for their ranks to be scheduled; here the root's one write is all a reader waits for.
 *
 * <p>Every rank keeps the ring's position where the next broadcast begins (all compute the same). There the root
 * of broadcast b claims the message by storing its collective's {@link CollectiveTag} word where it reads zero
 * (atomically: a rank that finds another's word there also believes itself the root, and fails), then writes its
 * arguments (type, count, root, as {@link HostArguments} compares them) and the data (at most {@value #MOST_BYTES}
 * bytes); then it zeroes the first two words of the next broadcast, so that a rank waiting there sees zero rather
 * than an older lap and that broadcast's root can claim it, and stores b last (release). A reader waits until
 * that word reads b, checks the words against its own call, copies the data, and takes the message's length from
 * the root's arguments, so that it finds the next message even when its own differ. Each rank then records in its
 * line how far it has read. A message never wraps: one that might not fit before the ring's end begins at its
 * start.
 *
 * <p>A reader whose root has instead reached a barrier of the same collective ({@link HostBarrier#checkNotAhead}),
 * having chosen the slots for a larger count, fails rather than waiting for it forever.
 *
 * <p>The root may write a word once every rank has read the position a ring's length before it. It keeps the least
 * position all had read at its last look, and reads their lines again only when that no longer suffices, so in a
 * run of broadcasts it reads them rarely; a root runs up to a ring's length ahead of its slowest reader.
 */
public final class HostRingBroadcast {
    /** The most data a broadcast through the ring carries; larger ones take messages or {@link HostBroadcast}. */
    public static final int MOST_BYTES = 1024;
    /** Words of a message before its data: the generation, the collective's word, the arguments. */
    private static final int HEADER = 3;
    /** The longest message in words: no message begins later than this before the ring's end. */
    private static final int LONGEST = HEADER + MOST_BYTES / 8;

    private HostRingBroadcast() {
    }

    public static void run(PointToPoint p, HostRing ring, Object buf, int off, int count, int root) {
        PayloadKind kind = PayloadKind.ofSlice(buf);
        long b = ring.nextGeneration();
        long at = ring.position();
        int i = ring.index(at);
        long args = HostArguments.word(kind, count, root);
        if (p.rank() == root) {
            long next = next(at, kind, count);
            awaitRoom(p, ring, next + 2 - HostRing.WORDS);
            // The bit above the word keeps a claim nonzero whatever the word (its number wraps).
            long other = ring.claim(i + 1, 1L << 32 | p.word() & 0xffffffffL);
            String why = other == 0 ? null : CollectiveTag.rootsCollide(p.word(), (int) other);
            if (why != null) {
                throw new CollectiveMismatchException(p.where() + ": " + why);
            }
            ring.put(i + HEADER, kind, buf, off, count);
            ring.set(i + 2, args);
            ring.set(ring.index(next), 0);
            ring.set(ring.index(next) + 1, 0);
            ring.publish(i, b);
            read(p, ring, next);
            return;
        }
        if (ring.get(i) < b) {
            // Only a reader that has to wait makes the watch; in a run of broadcasts most find theirs written.
            ring.await(i, b, root, new HostRing.Watch() {
                @Override
                public boolean ended(int owner) {
                    boolean ended = p.ended(owner);
                    HostBarrier.checkNotAhead(p, ring, owner);
                    return ended;
                }

                @Override
                public String where() {
                    return p.where();
                }
            });
        }
        int theirWord = (int) ring.get(i + 1);
        long theirArgs = ring.get(i + 2);
        if (theirArgs == args) {
            ring.get(i + HEADER, kind, buf, off, count);
        }
        read(p, ring, next(at, HostArguments.kind(theirArgs), HostArguments.count(theirArgs)));
        if (theirWord != p.word() || theirArgs != args) {
            String why = CollectiveTag.rootDiffers(p.word(), theirWord);
            if (why != null) {
                throw new CollectiveMismatchException(p.where() + ": " + why);
            }
            HostArguments.compare(p, root, theirArgs, kind, count, root);
        }
    }

    /** The position of the message after one of {@code count} elements of {@code kind} at {@code at}. */
    private static long next(long at, PayloadKind kind, int count) {
        long end = at + HEADER + ((long) count * kind.bytesPerElement() + 7) / 8;
        long lap = end & (HostRing.WORDS - 1);
        return lap + LONGEST > HostRing.WORDS ? end - lap + HostRing.WORDS : end;
    }

    /** As a root, waits until every other rank has read up to {@code position}. */
    private static void awaitRoom(PointToPoint p, HostRing ring, long position) {
        if (ring.knownRead(position)) {
            return;
        }
        long least = Long.MAX_VALUE;
        for (int r = 0; r < p.size(); r++) {
            if (r != p.rank()) {
                ring.await(ring.line(r, HostRing.READ), position, r, p);
                least = Math.min(least, ring.get(ring.line(r, HostRing.READ)));
            }
        }
        ring.noteLeastRead(least);
    }

    /** Records that this rank has read up to {@code next}, where its next broadcast begins. */
    private static void read(PointToPoint p, HostRing ring, long next) {
        ring.position(next);
        ring.publish(ring.line(p.rank(), HostRing.READ), next);
    }
}
