package org.jomp.msg.transport.shm;

import org.jomp.msg.coll.Slices;
import org.jomp.msg.transport.BufferedPayload;
import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.CooperativeCopy;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.Payload;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.SliceCopy;

/**
 * A message still in its sender's array. Copied straight into a posted receive; if none is posted, a message up
 * to the eager limit ({@code -Djomp.msg.eagerLimit}, bytes, default 32 KiB) is copied into a new buffer so its
 * sender goes on at once, and a larger one stays here with its sender waiting (rendezvous). The eager buffer is a
 * plain new array: a JVM allocates it from the thread's own allocation buffer in a few instructions, cheaper than
 * a pool shared between threads would be.
 */
final class ArrayPayload implements Payload {
    static final int EAGER_LIMIT = Integer.getInteger("jomp.msg.eagerLimit", 32 * 1024);

    private final Object array;
    private final int offset;
    private final int count;
    private final Completion done;
    private final long bytes;
    private final int elementBytes;
    private final boolean handedOver;
    private final PayloadKind kind;

    ArrayPayload(Object array, int offset, Envelope envelope, Completion done) {
        this.array = array;
        this.offset = offset;
        this.count = envelope.count();
        this.done = done;
        this.elementBytes = envelope.kind().bytesPerElement();
        this.bytes = (long) count * elementBytes;
        this.kind = envelope.kind();
        this.handedOver = kind == PayloadKind.OBJECT;
    }

    @Override
    public void copyTo(Object dest, int destOffset, Completion receive) {
        // Whichever end copies, the other may be spinning on its completion: the sender on done, the receiver on
        // receive.
        CooperativeCopy.copy(array, offset, dest, destOffset, count, elementBytes, done, receive);
        done.complete();
    }

    @Override
    public Payload retain() {
        if (handedOver) {
            // A serialised object's bytes are never touched by its sender again: queue them without a copy.
            done.complete();
            byte[] b = (byte[]) array;
            return new BufferedPayload(offset == 0 && count == b.length ? b : Slices.copyOf(b, offset, count));
        }
        if (bytes > EAGER_LIMIT) {
            return this;
        }
        Object copy = SliceCopy.copyOf(array, offset, count, kind);
        done.complete();
        return new BufferedPayload(copy);
    }

    @Override
    public void discard(RuntimeException senderError) {
        if (senderError != null) {
            done.fail(senderError);
        } else {
            done.complete();
        }
    }
}
