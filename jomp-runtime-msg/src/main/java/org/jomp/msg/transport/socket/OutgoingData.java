package org.jomp.msg.transport.socket;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.jomp.msg.transport.Completion;

/**
 * The data of one connection's cleared rendezvous sends (their peer has sent its CTS), in CTS order, cut into DATA
 * frames of at most the fragment size, each copied from the sender's array into one reused direct buffer.
 *
 * <p>A frame is copied in two steps: its first {@value #FIRST_PIECE} bytes, and the rest once those are written
 * ({@link #extend}), so the data starts moving after a short copy rather than a whole fragment's (about 35 µs for
 * 1 MiB here) and the receiver copies out the first piece while the sender copies the rest.
 *
 * <p>Frames are taken with the connection's write lock held, which orders them on the stream; {@link #add} takes
 * no lock, since a reader thread must not wait for a writer. Who writes them is the connection's business
 * ({@link Connection}: the waiting rank thread, or the pump).
 */
final class OutgoingData {
    private record Cleared(long id, Connection.RendezvousSend send) {
    }

    /** Bytes of a frame's data copied before its first write; a multiple of every element size. */
    static final int FIRST_PIECE = 64 * 1024;

    private final int fragmentBytes;
    private final ConcurrentLinkedQueue<Cleared> queue = new ConcurrentLinkedQueue<>();
    /** The send being cut and the byte it has reached; under the write lock. */
    private volatile Cleared current;
    private long at;
    /** Header and data of one frame; allocated on first use (most connections never carry a large message). */
    private ByteBuffer frame;
    private Completion completedBy;
    /** The send whose frame is copied only in part ({@code null}: none), and the message bytes still to copy. */
    private Connection.RendezvousSend filling;
    private long fillFrom;
    private long fillTo;

    OutgoingData(int fragmentBytes) {
        this.fragmentBytes = fragmentBytes;
    }

    /** A send the peer cleared: its data goes after the data already queued. */
    void add(long id, Connection.RendezvousSend send) {
        queue.add(new Cleared(id, send));
    }

    /** True while some cleared data is not yet cut into frames. */
    boolean pending() {
        return current != null || !queue.isEmpty();
    }

    /**
     * The next frame, header and data, flipped for writing; {@code null} if nothing is queued. The caller holds
     * the write lock and has finished the frame before (the buffer is reused). When the frame ends its message,
     * {@link #completedBy} names the send to complete once the frame is written whole.
     */
    ByteBuffer next() {
        Cleared c = current;
        if (c == null) {
            c = queue.poll();
            if (c == null) {
                completedBy = null;
                return null;
            }
            current = c;
            at = 0;
        }
        if (frame == null) {
            frame = LargePageBuffer.allocate(Frame.HEADER_BYTES + fragmentBytes);
        }
        Connection.RendezvousSend s = c.send();
        int bpe = s.envelope().kind().bytesPerElement();
        int len = (int) Math.min(fragmentBytes, s.bytes() - at);
        int first = Math.min(len, FIRST_PIECE);
        ByteBuffer b = frame.clear();
        Frame.control(FrameKind.DATA, c.id(), (int) at, len).write(b);
        BulkCopy.put(b, s.envelope().kind(), s.array(), s.offset() + (int) (at / bpe), first / bpe);
        filling = first < len ? s : null;
        fillFrom = at + first;
        fillTo = at + len;
        at += len;
        if (at == s.bytes()) {
            current = null;
            completedBy = s.done();
        } else {
            completedBy = null;
        }
        return b.flip();
    }

    /**
     * Copies the rest of the frame {@link #next} returned, once what was copied of it is written ({@code b}, that
     * frame, has nothing remaining): {@code b} then holds the rest, ready to write.
     *
     * @return false if {@code b} is not this data's frame or is complete (the caller has finished the frame)
     */
    boolean extend(ByteBuffer b) {
        Connection.RendezvousSend s = filling;
        if (b != frame || s == null) {
            return false;
        }
        filling = null;
        int bpe = s.envelope().kind().bytesPerElement();
        int start = b.position();
        b.limit(b.capacity());
        BulkCopy.put(b, s.envelope().kind(), s.array(), s.offset() + (int) (fillFrom / bpe),
                (int) ((fillTo - fillFrom) / bpe));
        b.limit(b.position()).position(start);
        return true;
    }

    /** The send whose last frame {@link #next} returned, or {@code null}. */
    Completion completedBy() {
        return completedBy;
    }

    /** Fails every send not yet written whole (the peer is lost). */
    void fail(RuntimeException why) {
        Cleared c = current;
        if (c != null) {
            c.send().done().fail(why);
        }
        for (Cleared q; (q = queue.poll()) != null; ) {
            q.send().done().fail(why);
        }
    }
}
