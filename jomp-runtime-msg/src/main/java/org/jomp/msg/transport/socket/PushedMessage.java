package org.jomp.msg.transport.socket;

import java.nio.ByteBuffer;
import java.util.function.LongConsumer;

import org.jomp.msg.transport.BulkCopy;
import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.Payload;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.SliceCopy;

/**
 * A large message its sender pushed on credit ({@link FrameKind#PUSH}): the data follows the envelope without a
 * clear-to-send, as an eager message's does, but in fragments, like rendezvous data. This is credit-based flow
 * control for eager sends (as in MVAPICH's and UCX's eager protocols): the receiver grants each sender a window of
 * bytes ({@link FrameLimits#pushWindow}), so the data a rank keeps for receives not yet posted stays bounded, and a
 * sender without credit falls back to the rendezvous. It spares the round trip of the clear-to-send and the
 * receiver's wait for the sender's first copy: a stream of 1 MiB bcasts between two ranks took 232-358 µs a call
 * with the handshake, 177-261 sent at once (docs/benchmarks-msg-log.md).
 *
 * <p>The reader hands each piece of the data over as it arrives ({@link #take}): into the receive buffer once a
 * receive has matched the message, else into a native buffer of the pool ({@link #retain}), from which the receive
 * copies what has come when it matches, the rest then going straight into it. A message the receive refused is
 * read and dropped. The credit is freed ({@code freed}) as soon as no buffer of the receiver's own will hold any of
 * the data: when the receive matches, or when the message is dropped.
 *
 * <p>Thread-safe: the reading thread (under the connection's read lock) takes the data, while the receive may be
 * matched on any thread; the switch from the pool's buffer to the receive buffer happens under this object's lock.
 */
final class PushedMessage implements Payload {
    private final Envelope envelope;
    private final PayloadKind kind;
    private final long bytes;
    private final UnexpectedBuffers buffers;
    private final LongConsumer freed;

    /** Where the data goes so far while no receive has matched (under the lock); null once matched or dropped. */
    private ByteBuffer parked;
    /** The matched receive's buffer, element offset and completion (set once, under the lock). */
    private Object dest;
    private int destOffset;
    private Completion receive;
    /** Bytes of the data taken so far, in order; written by the reading thread under the lock. */
    private long received;

    PushedMessage(Envelope envelope, UnexpectedBuffers buffers, LongConsumer freed) {
        this.envelope = envelope;
        this.kind = envelope.kind();
        this.bytes = (long) envelope.count() * kind.bytesPerElement();
        this.buffers = buffers;
        this.freed = freed;
    }

    Envelope envelope() {
        return envelope;
    }

    /** Bytes of the whole message. */
    long bytes() {
        return bytes;
    }

    /** Bytes taken so far: the offset the next fragment must start at. */
    synchronized long received() {
        return received;
    }

    // ------------------------------------------------------------------ the receiving rank's side

    @Override
    public void copyTo(Object array, int offset, Completion matched) {
        boolean whole;
        synchronized (this) {
            if (parked != null) {
                BulkCopy.get(parked.position(0), kind, array, offset, (int) (received / kind.bytesPerElement()));
                buffers.give(parked);
                parked = null;
            }
            dest = array;
            destOffset = offset;
            receive = matched;
            whole = received == bytes;
        }
        freed.accept(bytes);
        if (whole) {
            matched.complete();
        }
    }

    @Override
    public boolean completesReceive() {
        return true;
    }

    /** No receive matched on arrival (under the engine's lock, before any of the data is read). */
    @Override
    public synchronized Payload retain() {
        parked = buffers.take((int) bytes);
        return this;
    }

    @Override
    public void discard(RuntimeException reason) {
        synchronized (this) {
            release();
        }
        freed.accept(bytes);
    }

    // ------------------------------------------------------------------ the reading thread's side

    /**
     * Takes the next {@code n} bytes of the data (whole elements) from {@code from}'s position, which advances past
     * them: into the receive buffer, the pool's buffer, or nowhere (dropped).
     *
     * @return true once this was the last of the data (the caller forgets the message)
     */
    boolean take(ByteBuffer from, int n) {
        boolean last;
        Completion matched;
        synchronized (this) {
            int p = from.position();
            if (dest != null) {
                BulkCopy.get(from, kind, dest, destOffset + (int) (received / kind.bytesPerElement()),
                        n / kind.bytesPerElement());
            } else if (parked != null) {
                parked.put((int) received, from, p, n);
            }
            from.position(p + n);
            last = count(n);
            matched = receive;
        }
        return ended(last, matched);
    }

    /**
     * Where the next {@code n} bytes can be read straight from the socket: a view of the receive buffer when it is a
     * direct {@code ByteBuffer} (it no longer changes once matched), else null; then {@link #took} counts them.
     */
    synchronized ByteBuffer directView(int n) {
        if (!SliceCopy.isDirect(dest)) {
            return null;
        }
        ByteBuffer view = ((ByteBuffer) dest).duplicate();
        int at = destOffset + (int) received;
        view.limit(at + n).position(at);
        return view;
    }

    /**
     * The receive buffer when it is an array that {@link HeapArrayIo} reads into in place, else null; the next bytes
     * go to its byte {@link #inPlaceAt}, then {@link #took} counts them.
     */
    synchronized Object inPlaceArray() {
        return dest != null && HeapArrayIo.movesInPlace(dest) ? dest : null;
    }

    /** The byte of {@link #inPlaceArray} the next data goes to. */
    synchronized long inPlaceAt() {
        return (long) destOffset * kind.bytesPerElement() + received;
    }

    /** The {@code n} bytes read into {@link #directView} or {@link #inPlaceArray}; true once they were the last. */
    boolean took(int n) {
        boolean last;
        Completion matched;
        synchronized (this) {
            last = count(n);
            matched = receive;
        }
        return ended(last, matched);
    }

    /** Under the lock: {@code n} more bytes are in; true if they were the last. */
    private boolean count(int n) {
        received += n;
        return received == bytes;
    }

    /**
     * Outside the lock (completing may run the receive's callbacks): the last bytes complete the receive if it has
     * matched; a receive that matches later completes at once ({@link #copyTo}).
     */
    private static boolean ended(boolean last, Completion matched) {
        if (last && matched != null) {
            matched.complete();
        }
        return last;
    }

    /** The connection is lost before the data was all read: a matched receive fails, a pooled buffer goes back. */
    void fail(RuntimeException why) {
        Completion r;
        synchronized (this) {
            release();
            r = received < bytes ? receive : null;
        }
        if (r != null) {
            r.fail(why);
        }
    }

    /** Under the lock: no more data is kept (dropped). */
    private void release() {
        if (parked != null) {
            buffers.give(parked);
            parked = null;
        }
    }
}
