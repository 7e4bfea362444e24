package org.jomp.msg.transport.socket;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.jomp.msg.transport.BulkCopy;
import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.SliceCopy;

/**
 * The data of one connection's cleared rendezvous sends (their peer has sent its CTS), in CTS order, cut into DATA
 * frames of at most the fragment size, each copied from the sender's array into one reused direct buffer.
 *
 * <p>Over a Unix socket a frame is copied and written a piece of {@value #PIECE} bytes at a time: the next piece is
 * copied into the start of the buffer once the last is written ({@link #extend}). So the data starts moving after a
 * short copy rather than a whole fragment's, the sender copies a piece while the receiver copies out the one before,
 * and the buffer, the socket's queue and the user's array stay in the cache together. On the development VM, 1 MiB
 * ping-pongs between two JVMs took 244-394 µs one way this way against 358-484 µs with the rest of a fragment
 * copied at once after its first 64 KiB; 128 and 256 KiB pieces, with or without a smaller first piece, were not
 * told apart (docs/benchmarks-msg-log.md). Over TCP the reverse holds: a frame is copied whole and then written
 * ({@link #TCP_PIECE}).
 *
 * <p>A direct {@code ByteBuffer}'s data is not copied: each frame's header is followed by a view of the sender's
 * buffer, which the socket reads in place (docs/benchmarks-msg-log.md: 1 MiB in 144-157 µs one way so, against
 * 215-223 µs through a copy). Nor is an array's where {@link HeapArrayIo} moves arrays in place: the frame holds only
 * the header, and the connection then sends the data from the array ({@link #inPlaceLeft}). Nor, to a peer on this
 * host, is the data of a frame that finds room in the connection's ring ({@link MappedRing}): it is copied into the
 * ring, and the frame is only a header.
 *
 * <p>Frames are taken with the connection's write lock held, which orders them on the stream; {@link #add} takes
 * no lock, since a reader thread must not wait for a writer. Who writes them is the connection's business
 * ({@link Connection}: the waiting rank thread, or the pump).
 */
final class OutgoingData {
    private record Cleared(long id, Connection.RendezvousSend send) {
    }

    /** Bytes of a frame's data copied at a time over a Unix socket; a multiple of every element size. */
    static final int PIECE = 128 * 1024;
    /**
     * Bytes of a frame's data copied at a time over TCP: a fragment's, whole. Written 128 KiB at a time, each write
     * waiting for the one before, a 4 MiB {@code byte[]} ping-pong between two JVMs over loopback TCP took 2.2-4.8 ms
     * one way in raw Java NIO against 1.0-1.5 ms in 512 KiB or 1 MiB writes (Java 17, alternated jobs); JOMP's own,
     * warmed up, took 7.1-15.6 ms at 16 MiB against 4.1-5.8 written whole (docs/benchmarks-msg-log.md).
     */
    static final int TCP_PIECE = Integer.MAX_VALUE;
    /**
     * The most data the first DATA frame of a large message carries through the socket
     * ({@code -Djomp.msg.socket.firstFrame}, bytes, default 16 KiB; 0: a fragment, like the others): the receiver
     * has its header, and reads the rest straight into place as it comes, while the sender is still writing. Written
     * whole, a 1 MiB message over loopback TCP took 206-306 µs one way in raw Java NIO (and in C) where one whose first
     * 64 KiB went ahead took 108-148, as Open MPI's tcp BTL sends it (its rendezvous eager limit). With the data
     * acknowledged at once ({@link QuickAck}), a 64 KiB first frame left JOMP's 1 MiB ping-pong over loopback TCP
     * (Java 25, 2 December 2026) in one of three steady states, 105, 130 or 150 µs one way, from job to job; first
     * frames of 4-32 KiB took 101-107 in each of 24 jobs, and 1 MiB exchanges ({@code sendrecv}) 228-247 µs against
     * 297-309 (docs/benchmarks-msg-log.md).
     */
    static final int FIRST_FRAME = Integer.getInteger("jomp.msg.socket.firstFrame", 16 * 1024) & ~7;

    private final int fragmentBytes;
    /** Bytes of a frame's data copied at a time: {@link #PIECE} or {@link #TCP_PIECE}. */
    private final int pieceBytes;
    private final ConcurrentLinkedQueue<Cleared> queue = new ConcurrentLinkedQueue<>();
    /** The send being cut and the byte it has reached; under the write lock. */
    private volatile Cleared current;
    private long at;
    /**
     * A frame's header and its first piece, then each further piece; allocated on first use (most connections never
     * carry a large message).
     */
    private ByteBuffer frame;
    /** The buffer {@link #next} or {@link #extend} returned last: the frame's, or a view of a direct buffer. */
    private ByteBuffer last;
    private Completion completedBy;
    /** The send whose frame is copied only in part ({@code null}: none), and the message bytes still to copy. */
    private Connection.RendezvousSend filling;
    private long fillFrom;
    private long fillTo;
    /** The array the frame's data is sent from in place, and its bytes [{@code inPlaceAt}, {@code inPlaceEnd}). */
    private Object inPlaceArray;
    private long inPlaceAt;
    private long inPlaceEnd;
    /** The last {@link #next} returned no frame because it waits for room in the ring. */
    private volatile boolean awaitingRoom;

    /** Data cut into frames of up to {@code fragmentBytes}, copied {@code pieceBytes} at a time (at most a frame). */
    OutgoingData(int fragmentBytes, int pieceBytes) {
        this.fragmentBytes = fragmentBytes;
        this.pieceBytes = Math.min(fragmentBytes, pieceBytes);
    }

    /** A send the peer cleared: its data goes after the data already queued. */
    void add(long id, Connection.RendezvousSend send) {
        queue.add(new Cleared(id, send));
    }

    /**
     * True if the last {@link #next} made no frame because the ring is full and its receiver is emptying it: the
     * writer tries again shortly rather than wait for room in the socket.
     */
    boolean awaitingRoom() {
        return awaitingRoom;
    }

    /** True while some cleared data is not yet cut into frames. */
    boolean pending() {
        return current != null || !queue.isEmpty();
    }

    /**
     * The next frame, header and data, flipped for writing; {@code null} if nothing is queued, or if the next piece
     * waits for room in the ring ({@link #awaitingRoom}). The caller holds the write lock and has finished the frame
     * before (the buffer is reused). When the frame ends its message, {@link #completedBy} names the send to complete
     * once the frame is written whole. With a {@code ring} (the peer shares the host), a frame carries a piece of up
     * to {@link MappedRing#PIECE} bytes, copied into the ring if it has room (the frame is then only a
     * {@link FrameKind#MAPPED} header); a full ring is waited for while the receiver empties it
     * ({@link MappedRing#receiverDrains}, for up to {@code ringPatienceNanos} without a piece copied out), else the
     * piece goes through the socket.
     */
    ByteBuffer next(MappedRing ring, long ringPatienceNanos) {
        awaitingRoom = false;
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
            frame = ByteBuffer.allocateDirect(Frame.HEADER_BYTES + pieceBytes)
                    .order(Frame.ORDER);
        }
        Connection.RendezvousSend s = c.send();
        int bpe = s.envelope().kind().bytesPerElement();
        if (ring != null) {
            int n = (int) Math.min(MappedRing.PIECE, s.bytes() - at);
            if (ring.put(s.envelope().kind(), s.array(), s.offset() + (int) (at / bpe), n)) {
                ByteBuffer b = frame.clear();
                Frame.mapped(c.id(), (int) at, n).write(b);
                filling = null;
                return cut(s, n, b);
            }
            if (ring.receiverDrains(ringPatienceNanos, System.nanoTime())) {
                awaitingRoom = true;
                completedBy = null;
                return null;
            }
        }
        int len = firstFrame(at, (int) Math.min(MappedRing.socketFragment(ring, fragmentBytes), s.bytes() - at));
        // A direct buffer's data, and an array's moved in place, is written from where it is: the frame holds only
        // the header.
        boolean inPlace = HeapArrayIo.movesInPlace(s.array());
        int first = SliceCopy.isDirect(s.array()) || inPlace ? 0 : Math.min(len, pieceBytes);
        ByteBuffer b = frame.clear();
        Frame.control(FrameKind.DATA, c.id(), (int) at, len).write(b);
        BulkCopy.put(b, s.envelope().kind(), s.array(), s.offset() + (int) (at / bpe), first / bpe);
        filling = first < len && !inPlace ? s : null;
        if (inPlace) {
            inPlaceArray = s.array();
            inPlaceAt = (long) s.offset() * bpe + at;
            inPlaceEnd = inPlaceAt + len;
        }
        fillFrom = at + first;
        fillTo = at + len;
        return cut(s, len, b);
    }

    /** The bytes a DATA frame through the socket carries from byte {@code at} of a message: {@code len}, less first. */
    static int firstFrame(long at, int len) {
        return at == 0 && FIRST_FRAME > 0 ? Math.min(len, FIRST_FRAME) : len;
    }

    /** The frame {@code b} of {@code len} bytes of {@code s}'s data is made: moves on past them, flips it. */
    private ByteBuffer cut(Connection.RendezvousSend s, int len, ByteBuffer b) {
        at += len;
        if (at == s.bytes()) {
            current = null;
            completedBy = s.done();
        } else {
            completedBy = null;
        }
        last = b;
        return b.flip();
    }

    /**
     * The next piece of the frame {@link #next} returned, once what was written of it ({@code b}, the last buffer
     * this data returned) has nothing remaining: the frame's buffer refilled with the next piece copied from the
     * sender's array, or, from a direct buffer, the rest of the frame's data as a view of that buffer.
     *
     * @return null if {@code b} is not this data's or ends its frame (the caller has finished the frame)
     */
    ByteBuffer extend(ByteBuffer b) {
        Connection.RendezvousSend s = filling;
        if (b != last || s == null) {
            return null;
        }
        if (SliceCopy.isDirect(s.array())) {
            ByteBuffer view = ((ByteBuffer) s.array()).duplicate();
            view.limit(s.offset() + (int) fillTo).position(s.offset() + (int) fillFrom);
            filling = null;
            last = view;
            return view;
        }
        int bpe = s.envelope().kind().bytesPerElement();
        int n = (int) Math.min(pieceBytes, fillTo - fillFrom);
        b.clear();
        BulkCopy.put(b, s.envelope().kind(), s.array(), s.offset() + (int) (fillFrom / bpe), n / bpe);
        b.flip();
        fillFrom += n;
        if (fillFrom == fillTo) {
            filling = null;
        }
        return b;
    }

    /**
     * Bytes of the frame {@link #next} returned still to send in place from {@link #inPlaceArray}'s byte
     * {@link #inPlaceAt}, once the frame's buffer is written; the connection sends them and counts them
     * ({@link #wroteInPlace}).
     */
    long inPlaceLeft() {
        return inPlaceEnd - inPlaceAt;
    }

    Object inPlaceArray() {
        return inPlaceArray;
    }

    long inPlaceAt() {
        return inPlaceAt;
    }

    /** {@code n} bytes of the in-place data were sent; the array is let go after the last. */
    void wroteInPlace(long n) {
        inPlaceAt += n;
        if (inPlaceAt == inPlaceEnd) {
            inPlaceArray = null;
        }
    }

    /** The send whose last frame {@link #next} returned, or {@code null}. */
    Completion completedBy() {
        return completedBy;
    }

    /** Fails every send not yet written whole (the peer is lost). */
    void fail(RuntimeException why) {
        awaitingRoom = false;
        Cleared c = current;
        if (c != null) {
            c.send().done().fail(why);
        }
        for (Cleared q; (q = queue.poll()) != null; ) {
            q.send().done().fail(why);
        }
    }
}
