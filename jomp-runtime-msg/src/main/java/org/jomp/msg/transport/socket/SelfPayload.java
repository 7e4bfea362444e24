package org.jomp.msg.transport.socket;

import org.jomp.msg.RankFailedException;
import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.Payload;
import org.jomp.msg.transport.SliceCopy;

/**
 * A message a rank sends to itself: it never leaves the sender's array until a receive copies it, except that a
 * small one is copied when it arrives unexpected so that its sender can go on (as the network path would).
 */
final class SelfPayload implements Payload {
    private final Object array;
    private final int offset;
    private final Envelope envelope;
    private final Completion done;
    private final int eagerLimit;

    SelfPayload(Object array, int offset, Envelope envelope, Completion done, int eagerLimit) {
        this.array = array;
        this.offset = offset;
        this.envelope = envelope;
        this.done = done;
        this.eagerLimit = eagerLimit;
    }

    @Override
    public void copyTo(Object dest, int destOffset, Completion receive) {
        SliceCopy.copy(array, offset, dest, destOffset, envelope.count());
        done.complete();
    }

    @Override
    public Payload retain() {
        if ((long) envelope.count() * envelope.kind().bytesPerElement() > eagerLimit) {
            return this;
        }
        Object copy = SliceCopy.copyOf(array, offset, envelope.count(), envelope.kind());
        done.complete();
        return new SelfPayload(copy, 0, envelope, new Completion(), eagerLimit);
    }

    @Override
    public void discard(RuntimeException reason) {
        if (reason instanceof RankFailedException) {
            done.fail(reason);
        } else {
            done.complete();
        }
    }
}
