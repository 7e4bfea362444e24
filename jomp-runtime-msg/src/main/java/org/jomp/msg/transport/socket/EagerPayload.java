package org.jomp.msg.transport.socket;

import java.nio.ByteBuffer;

import org.jomp.msg.transport.BulkCopy;
import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.Payload;
import org.jomp.msg.transport.SliceCopy;

/**
 * A small message whose data sits in the reader's buffer while it is delivered: copied once into the posted
 * receive, or, with no receive posted yet, into a buffer that waits with the unexpected message (a new array, or
 * from {@link UnexpectedBuffers#MIN_BYTES} a reused native buffer). Its sender finished when it wrote the frame.
 *
 * <p>A connection reuses one for every eager frame it reads ({@link #at}), under its read lock: the matching engine
 * copies out of it, or keeps what {@link #retain} returns, before the delivery returns. C1, the compiler of
 * crowded rank JVMs, allocates every object it is given, and fresh memory costs a page fault a 4 KiB.
 */
final class EagerPayload implements Payload {
    private final ByteBuffer buffer;
    private final UnexpectedBuffers buffers;
    private int start;
    private Envelope envelope;

    EagerPayload(ByteBuffer buffer, UnexpectedBuffers buffers) {
        this.buffer = buffer;
        this.buffers = buffers;
    }

    /** This payload, now for the message {@code envelope} whose data starts at {@code start} in the buffer. */
    EagerPayload at(int start, Envelope envelope) {
        this.start = start;
        this.envelope = envelope;
        return this;
    }

    @Override
    public void copyTo(Object dest, int offset, Completion receive) {
        buffer.position(start);
        BulkCopy.get(buffer, envelope.kind(), dest, offset, envelope.count());
    }

    @Override
    public Payload retain() {
        int bytes = envelope.count() * envelope.kind().bytesPerElement();
        if (bytes >= UnexpectedBuffers.MIN_BYTES) {
            ByteBuffer copy = buffers.take(bytes);
            copy.put(0, buffer, start, bytes);
            return new Pooled(copy, envelope, buffers);
        }
        Object copy = envelope.kind().newArray(envelope.count());
        copyTo(copy, 0, null);
        return new Retained(copy, envelope.count());
    }

    @Override
    public void discard(RuntimeException reason) {
        // The data is skipped with the frame; the sender has long gone on.
    }

    /** An unexpected message in a buffer of the pool, which takes it back once copied or dropped. */
    private record Pooled(ByteBuffer copy, Envelope envelope, UnexpectedBuffers buffers) implements Payload {
        @Override
        public void copyTo(Object dest, int offset, Completion receive) {
            copy.position(0);
            BulkCopy.get(copy, envelope.kind(), dest, offset, envelope.count());
            buffers.give(copy);
        }

        @Override
        public Payload retain() {
            return this;
        }

        @Override
        public void discard(RuntimeException reason) {
            buffers.give(copy);
        }
    }

    /** An unexpected small message, copied out of the reader's buffer. */
    private record Retained(Object copy, int count) implements Payload {
        @Override
        public void copyTo(Object dest, int offset, Completion receive) {
            SliceCopy.copy(copy, 0, dest, offset, count);
        }

        @Override
        public Payload retain() {
            return this;
        }

        @Override
        public void discard(RuntimeException reason) {
            // Dropping the copy is all there is to do.
        }
    }
}
