package org.jomp.msg.transport.socket;

/** What a frame on a rank-to-rank connection carries (see {@link Frame} for the header layout). */
enum FrameKind {
    /** A whole small message: envelope and data (eager protocol). */
    EAGER,
    /** Request to send: the envelope of a large message whose data waits for a {@link #CTS} (rendezvous). */
    RTS,
    /** Clear to send: the receiver has a buffer for the rendezvous message {@code id}. */
    CTS,
    /** One fragment of a rendezvous message's data, at byte {@code offset} of the message. */
    DATA,
    /** The sender has finished: no more frames follow, and the closing of the connection is not a failure. */
    BYE,
    /** The job is aborted: {@code offset} holds the failed rank, the body a UTF-8 description of the failure. */
    ABORT,
    /** Nothing to say, but alive: sent on a connection idle for a while, so the peer can tell hung from quiet. */
    PING,
    /**
     * The envelope of a large message whose {@link #DATA} follows at once, without a {@link #CTS}: the sender spent
     * that much of the credit the receiver grants it ({@link FrameLimits#pushWindow}).
     */
    PUSH,
    /** The receiver frees {@code id} bytes of the sender's push credit: it holds that much pushed data no longer. */
    CREDIT,
    /**
     * The sender's ring of mapped memory for large messages' data ({@link MappedRing}): the body names its file,
     * which the receiver maps before the first {@link #MAPPED} frame.
     */
    RING,
    /**
     * A piece of a large message's data, at byte {@code offset} of message {@code id}, that lies in the sender's
     * {@link #RING} rather than on the stream: {@code count} bytes, no body.
     */
    MAPPED;

    private static final FrameKind[] ALL = values();

    /** The kind with wire code {@code code}, or {@code null} when no kind has it. */
    static FrameKind of(int code) {
        return code >= 0 && code < ALL.length ? ALL[code] : null;
    }
}
