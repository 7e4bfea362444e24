package org.jomp.msg.transport;

/**
 * A copy of a message's data that its sender no longer waits on (an eager message that arrived before its
 * receive): copying it out or dropping it concerns nobody else.
 */
public record BufferedPayload(Object copy) implements Payload {
    @Override
    public void copyTo(Object dest, int destOffset, Completion receive) {
        SliceCopy.copy(copy, 0, dest, destOffset, java.lang.reflect.Array.getLength(copy));
    }

    @Override
    public Payload retain() {
        return this;
    }

    @Override
    public void discard(RuntimeException senderError) {
        // The sender completed when the copy was made; dropping the copy is all there is to do.
    }
}
