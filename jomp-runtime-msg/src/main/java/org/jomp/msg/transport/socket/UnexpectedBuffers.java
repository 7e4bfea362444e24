package org.jomp.msg.transport.socket;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Native buffers, reused from message to message, for the eager messages of at least {@value #MIN_BYTES} bytes that
 * arrive before their receive is posted ({@link EagerPayload#retain}), and for pushed ones ({@link PushedMessage}). A
 * new Java array for each such message cost more than the message: in a stream of 64 KiB broadcasts on 4 socket
 * ranks sharing 2 cores, where each root runs ahead and nearly every message arrives unexpected, 55 % of the
 * machine's time went to clearing the arrays' fresh memory (page faults, then the allocation's own zeroing) and 17 %
 * to the collector copying the arrays still queued.
 *
 * <p>A message takes a buffer of the next power of two. Each size keeps at most {@value #KEPT_BYTES} bytes of
 * returned buffers; a buffer returned beyond that is left to the collector. Thread-safe: the reading thread takes,
 * the receiving thread gives back.
 */
final class UnexpectedBuffers {
    /** The smallest message kept in a buffer of this pool; smaller ones are copied into a new array. */
    static final int MIN_BYTES = 4096;
    /** The most bytes of free buffers kept for each size. */
    static final int KEPT_BYTES = 2 << 20;

    private record Size(ConcurrentLinkedQueue<ByteBuffer> free, AtomicInteger kept) {
    }

    private final Size[] sizes;
    private final AtomicInteger allocated = new AtomicInteger();

    /** A pool for messages of up to {@code largestBytes} (the eager limit, or the largest push if larger). */
    UnexpectedBuffers(int largestBytes) {
        sizes = new Size[log2Ceil(largestBytes) + 1];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = new Size(new ConcurrentLinkedQueue<>(), new AtomicInteger());
        }
    }

    private static int log2Ceil(int bytes) {
        return 32 - Integer.numberOfLeadingZeros(Math.max(bytes, MIN_BYTES) - 1);
    }

    /** A cleared buffer in the wire order ({@link Frame#ORDER}) of at least {@code bytes}. */
    ByteBuffer take(int bytes) {
        int c = log2Ceil(bytes);
        ByteBuffer b = c < sizes.length ? sizes[c].free().poll() : null;
        if (b != null) {
            sizes[c].kept().decrementAndGet();
            return b.clear();
        }
        allocated.incrementAndGet();
        return ByteBuffer.allocateDirect(1 << c).order(Frame.ORDER);
    }

    /** Returns a buffer {@link #take} gave, for the next message of its size. */
    void give(ByteBuffer b) {
        int c = Integer.numberOfTrailingZeros(b.capacity());
        if (c >= sizes.length) {
            return;
        }
        Size s = sizes[c];
        if ((long) s.kept().incrementAndGet() * b.capacity() <= KEPT_BYTES) {
            s.free().add(b);
        } else {
            s.kept().decrementAndGet();
        }
    }

    /** How many buffers {@link #take} has allocated so far, for tests. */
    int allocated() {
        return allocated.get();
    }
}
