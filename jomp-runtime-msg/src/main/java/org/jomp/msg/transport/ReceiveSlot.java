package org.jomp.msg.transport;

import org.jomp.msg.CollectiveMismatchException;
import org.jomp.msg.CommException;

/**
 * A posted receive: what it matches (context, source or any, tag or any) and where the data goes. A slot with no
 * buffer receives a serialised object: it allocates a byte array of the arriving size.
 */
public final class ReceiveSlot extends Completion {
    private final String call;
    private final int rank;
    final int context;
    final int source;
    final int worldSource;
    final int tag;
    /** Whether a collective algorithm posted it: its tag is a {@link CollectiveTag}. */
    final boolean collective;
    private final Object buffer;
    private final int offset;
    private final int capacity;
    private final PayloadKind kind;
    /** Written before the volatile completion that publishes it; read only after it. */
    private Envelope matched;
    private byte[] objectBytes;
    /** The next receive filled by the same drain of the rings: set under the engine's lock, cleared by its finish. */
    ReceiveSlot nextFilled;
    /** Why {@link #fill} refused the message, for {@link #finish}; written and read by one thread. */
    private RuntimeException refused;
    /** Whether the payload {@link #fill} took completes this receive itself ({@link Payload#completesReceive}). */
    private boolean completedByPayload;

    /**
     * @param call     the API call that posted it, for error messages
     * @param rank     the receiver's rank in the communicator, for error messages
     * @param source   the sender's rank in the communicator, or {@link MatchingEngine#ANY}
     * @param worldSource the sender's world rank, or {@link MatchingEngine#ANY}
     * @param buffer   a primitive array, or {@code null} to receive a serialised object
     * @param capacity number of elements the buffer may take from {@code offset}
     */
    public ReceiveSlot(String call, int rank, int context, int source, int worldSource, int tag, Object buffer,
                       int offset, int capacity) {
        this(call, rank, context, source, worldSource, tag, false, buffer, offset, capacity);
    }

    /** A receive of a collective algorithm, whose {@code tag} is a {@link CollectiveTag}. */
    public static ReceiveSlot collective(String call, int rank, int context, int source, int worldSource, int tag,
                                         Object buffer, int offset, int capacity) {
        return new ReceiveSlot(call, rank, context, source, worldSource, tag, true, buffer, offset, capacity);
    }

    private ReceiveSlot(String call, int rank, int context, int source, int worldSource, int tag,
                        boolean collective, Object buffer, int offset, int capacity) {
        super(worldSource, buffer == null ? Long.MAX_VALUE
                : (long) capacity * PayloadKind.ofSlice(buffer).bytesPerElement());
        this.call = call;
        this.rank = rank;
        this.context = context;
        this.source = source;
        this.worldSource = worldSource;
        this.tag = tag;
        this.collective = collective;
        this.buffer = buffer;
        this.offset = offset;
        this.capacity = capacity;
        this.kind = buffer == null ? PayloadKind.OBJECT : PayloadKind.ofSlice(buffer);
    }

    boolean matches(Envelope e) {
        return e.context() == context
                && (source == MatchingEngine.ANY || source == e.source())
                && (tag == MatchingEngine.ANY || tag == e.tag());
    }

    /** The envelope of the message this slot received, once done. */
    public Envelope envelope() {
        return matched;
    }

    /** The serialised object this slot received (object receives only). */
    public byte[] objectBytes() {
        return objectBytes;
    }

    /** Fails this receive: its sender ended without sending a message it matches. */
    void senderEnded() {
        fail(new CommException(call + " on rank " + rank + ": rank " + source + (collective
                ? " ended without taking part in it"
                : " ended without sending a message with tag " + (tag == MatchingEngine.ANY ? "ANY_TAG"
                : String.valueOf(tag)) + " to match this receive")));
    }

    /**
     * Why this collective receive can never match, given unexpected message {@code e} of its context, which it does
     * not match ({@link CollectiveTag#conflict}); {@code null} if it may.
     */
    String conflict(Envelope e) {
        String why = CollectiveTag.conflict(tag, source, e.tag(), e.source());
        return why == null ? null : call + " on rank " + rank + ": " + why;
    }

    /** Whether this is a collective receive in {@code e}'s context. */
    boolean collectiveIn(Envelope e) {
        return collective && e.context() == context;
    }

    /** Copies a matched message in and completes; a mismatch fails this receive and drops the message. */
    void accept(Envelope e, Payload p) {
        fill(e, p);
        finish();
    }

    /**
     * Copies a matched message in without completing, so that the engine may copy under its lock and complete
     * after releasing it ({@link #finish}, on the same thread); a mismatch drops the message.
     */
    void fill(Envelope e, Payload p) {
        matched = e;
        if (e.kind() != kind) {
            refused = new CommException(call + " on rank " + rank + ": message from rank "
                    + e.source() + tagText(e) + " holds " + describe(e.kind()) + " but the receive expects "
                    + describe(kind));
            p.discard(null);
            return;
        }
        if (collective && kind != PayloadKind.OBJECT && e.count() != capacity) {
            // An algorithm receives exactly what the sender's arguments make it send: another count means the
            // ranks called the collective with different counts.
            refused = new CollectiveMismatchException(call + " on rank " + rank + ": rank " + e.source() + " sent "
                    + e.count() + " " + kind.name().toLowerCase() + " where this rank expects " + capacity
                    + " (the ranks called " + call + " with different counts)");
            p.discard(null);
            return;
        }
        if (kind != PayloadKind.OBJECT && e.count() > capacity) {
            refused = new CommException(call + " on rank " + rank + ": message of " + e.count() + " "
                    + kind.name().toLowerCase() + " from rank " + e.source() + tagText(e)
                    + " does not fit the receive buffer of " + capacity);
            p.discard(null);
            return;
        }
        try {
            completedByPayload = p.completesReceive();
            if (kind == PayloadKind.OBJECT) {
                objectBytes = new byte[e.count()];
                p.copyTo(objectBytes, 0, this);
            } else {
                p.copyTo(buffer, offset, this);
            }
        } catch (RuntimeException ex) {
            refused = ex;
        }
    }

    /** Completes this receive as {@link #fill} left it, unless its payload completes it once the data is in. */
    void finish() {
        if (refused != null) {
            fail(refused);
        } else if (!completedByPayload) {
            complete();
        }
    }

    /** " tag 3" for a user's message; nothing for a collective's, whose call the error names already. */
    private String tagText(Envelope e) {
        return collective ? "" : " tag " + e.tag();
    }

    private static String describe(PayloadKind k) {
        return k == PayloadKind.OBJECT ? "an object" : k.name().toLowerCase() + " elements";
    }
}
