package org.jomp.msg.transport;

/**
 * The data of one message on its way into a receiving rank. A transport hands a payload to
 * {@link MatchingEngine#deliver}; the engine either copies it straight into a posted receive buffer
 * ({@link #copyTo}), or keeps it as an unexpected message ({@link #retain}) until a receive matches it.
 */
public interface Payload {

    /**
     * Copies all elements of the message into {@code dest} (an array of the envelope's kind) from {@code offset}.
     * Called exactly once per message, or {@link #discard} instead. Completes the sender's side when the sender
     * waits on this copy (rendezvous). {@code receive} is the receive being filled, which the caller completes after
     * this returns: a payload whose receiver may be spinning on it can offer it a share of the copy
     * ({@link CooperativeCopy}). A payload whose data is still on its way ({@link #completesReceive}) only asks for
     * it here, and completes or fails {@code receive} itself once the data is in.
     */
    void copyTo(Object dest, int offset, Completion receive);

    /**
     * True if {@link #copyTo} returns before the data is in and completes the receive itself: a socket transport's
     * rendezvous message, whose receiver (a nonblocking receive, the receive half of a sendrecv) goes on meanwhile.
     */
    default boolean completesReceive() {
        return false;
    }

    /**
     * Called under the engine's lock when no receive matches yet: returns a payload that stays valid until it is
     * copied. A small message is copied into a buffer here (eager protocol) so its sender can go on; a large one
     * may return {@code this} and keep its sender waiting until the receiver copies (rendezvous).
     */
    Payload retain();

    /**
     * Drops the message without copying it, releasing a waiting sender: with {@code senderError} null the receiver
     * declined it (its own receive failed) and the send completes normally, as in MPI; otherwise the message can
     * never be received (job aborted, receiver ended) and the send fails with {@code senderError}.
     */
    void discard(RuntimeException senderError);
}
