package org.jomp.msg.transport.socket;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.jomp.msg.CommException;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.PayloadKind;

/**
 * The fixed 40-byte header that starts every frame on a rank-to-rank connection, little-endian (the byte order
 * of the machines this runs on, so primitive data is copied in bulk without swapping):
 *
 * <pre>
 *  0 int  magic 'JOMP'        20 int  count (elements of the whole message; MAPPED: bytes)
 *  4 byte version             24 int  length (body bytes following this header)
 *  5 byte kind (FrameKind)    28 long id (rendezvous or pushed message id; CREDIT: bytes freed)
 *  6 byte payload kind        36 int  offset (DATA, MAPPED: byte offset in the message; ABORT: failed rank)
 *  7 byte zero
 *  8 int  context
 * 12 int  source
 * 16 int  tag
 * </pre>
 *
 * Every header read is validated before anything acts on it: magic, version, kind, payload kind, and sizes that
 * must agree with each other and stay under the configured bounds, so a corrupt or hostile stream is rejected
 * with a message naming the peer and the bad field rather than allocating or copying what it claims.
 */
record Frame(FrameKind kind, int context, int source, int tag, PayloadKind payloadKind, int count, int length,
             long id, int offset) {

    static final int MAGIC = 0x504D4F4A; // "JOMP" read as little-endian bytes
    /** 2 since RING and MAPPED frames: ranks of an older runtime are refused at the handshake, naming both. */
    static final byte VERSION = 2;
    static final int HEADER_BYTES = 40;
    /** Where the fields lie in the header (see above). */
    private static final int KIND_AT = 5;
    private static final int PAYLOAD_AT = 6;
    private static final int CONTEXT_AT = 8;
    private static final int SOURCE_AT = 12;
    private static final int TAG_AT = 16;
    private static final int COUNT_AT = 20;
    private static final int LENGTH_AT = 24;
    private static final int ID_AT = 28;
    private static final int OFFSET_AT = 36;
    static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;
    /** Longest description an ABORT frame may carry. */
    static final int MAX_ABORT_TEXT = 4096;
    /** Longest file name a RING frame may carry. */
    static final int MAX_RING_NAME = 4096;

    private static final PayloadKind[] PAYLOAD_KINDS = PayloadKind.values();

    /** The envelope this frame announces (EAGER, RTS and PUSH). */
    Envelope envelope() {
        return new Envelope(context, source, tag, payloadKind, count);
    }

    /** Bytes of the whole message this frame belongs to. */
    long messageBytes() {
        return (long) count * payloadKind.bytesPerElement();
    }

    static Frame message(FrameKind kind, Envelope e, int length, long id) {
        return new Frame(kind, e.context(), e.source(), e.tag(), e.kind(), e.count(), length, id, 0);
    }

    static Frame control(FrameKind kind, long id, int offset, int length) {
        return new Frame(kind, 0, 0, 0, PayloadKind.BYTE, 0, length, id, offset);
    }

    /**
     * The header of {@code bytes} bytes of message {@code id}'s data, from byte {@code offset}, in the sender's
     * ring.
     */
    static Frame mapped(long id, int offset, int bytes) {
        return new Frame(FrameKind.MAPPED, 0, 0, 0, PayloadKind.BYTE, bytes, 0, id, offset);
    }

    /** Writes this header at the buffer's position (which must be in {@link #ORDER}) and advances it. */
    void write(ByteBuffer b) {
        write(b, kind, context, source, tag, payloadKind, count, length, id, offset);
    }

    /**
     * Writes the header of a message frame as {@link #message} would make it, without the object: an eager send
     * writes one for every small message, and C1, the compiler of crowded rank JVMs, allocates what it is given.
     */
    static void writeMessage(ByteBuffer b, FrameKind kind, Envelope e, int length, long id) {
        write(b, kind, e.context(), e.source(), e.tag(), e.kind(), e.count(), length, id, 0);
    }

    /** Writes the header of an eager message of {@code count} elements of {@code kind}, from its envelope's fields. */
    static void writeEager(ByteBuffer b, int context, int source, int tag, PayloadKind kind, int count, int length) {
        write(b, FrameKind.EAGER, context, source, tag, kind, count, length, 0, 0);
    }

    private static void write(ByteBuffer b, FrameKind kind, int context, int source, int tag, PayloadKind payloadKind,
                              int count, int length, long id, int offset) {
        b.putInt(MAGIC).put(VERSION).put((byte) kind.ordinal()).put((byte) payloadKind.ordinal()).put((byte) 0)
                .putInt(context).putInt(source).putInt(tag).putInt(count).putInt(length).putLong(id).putInt(offset);
    }

    /**
     * Whether a whole frame (header and body) lies at {@code b}'s position, read without validating or moving it: a
     * length that is not valid counts as whole, for {@link #read} to reject.
     */
    static boolean whole(ByteBuffer b) {
        int remaining = b.remaining();
        if (remaining < HEADER_BYTES) {
            return false;
        }
        int length = b.getInt(b.position() + LENGTH_AT);
        return length < 0 || length <= remaining - HEADER_BYTES;
    }

    /** Whether the header at {@code b}'s position (whole, not yet validated) is a {@link FrameKind#PUSH}. */
    static boolean isPush(ByteBuffer b) {
        return b.get(b.position() + KIND_AT) == FrameKind.PUSH.ordinal();
    }

    /**
     * Reads and validates a header at {@code b}'s position (at least {@link #HEADER_BYTES} remaining, in
     * {@link #ORDER}) and advances past it.
     *
     * @param limits bounds on sizes
     * @param where  names the connection in errors ("from rank 2 at node5/10.0.0.5:40211")
     * @throws CommException naming the bad field and its value
     */
    static Frame read(ByteBuffer b, FrameLimits limits, String where) {
        check(b, limits, where);
        return take(b);
    }

    /**
     * Validates the header at {@code b}'s position (at least {@link #HEADER_BYTES} remaining, in {@link #ORDER})
     * without moving it or allocating, and returns its kind; {@link #take} or {@link #takeEnvelope} then read it. A
     * connection reads an eager frame's envelope so, without a frame object: C1, the compiler of crowded rank JVMs,
     * allocates every object it is given, and fresh memory costs a page fault a 4 KiB.
     *
     * @throws CommException naming the bad field and its value
     */
    static FrameKind check(ByteBuffer b, FrameLimits limits, String where) {
        int at = b.position();
        int magic = b.getInt(at);
        if (magic != MAGIC) {
            throw invalid(where, at, String.format("bad magic 0x%08x (expected 0x%08x): not a JOMP stream",
                    magic, MAGIC));
        }
        int version = b.get(at + 4);
        if (version != VERSION) {
            throw invalid(where, at, "protocol version " + version + ", this runtime speaks " + VERSION);
        }
        int kindCode = b.get(at + KIND_AT);
        FrameKind kind = FrameKind.of(kindCode);
        if (kind == null) {
            throw invalid(where, at, "unknown frame kind " + kindCode);
        }
        int payloadCode = b.get(at + PAYLOAD_AT);
        if (payloadCode < 0 || payloadCode >= PAYLOAD_KINDS.length) {
            throw invalid(where, at, "unknown payload kind " + payloadCode);
        }
        checkSizes(kind, PAYLOAD_KINDS[payloadCode], b.getInt(at + COUNT_AT), b.getInt(at + LENGTH_AT),
                b.getLong(at + ID_AT), b.getInt(at + OFFSET_AT), limits, where, at);
        return kind;
    }

    /** The header at {@code b}'s position, validated by {@link #check}; advances past it. */
    static Frame take(ByteBuffer b) {
        int at = b.position();
        Frame f = new Frame(FrameKind.of(b.get(at + KIND_AT)), b.getInt(at + CONTEXT_AT), b.getInt(at + SOURCE_AT),
                b.getInt(at + TAG_AT), PAYLOAD_KINDS[b.get(at + PAYLOAD_AT)], b.getInt(at + COUNT_AT),
                b.getInt(at + LENGTH_AT), b.getLong(at + ID_AT), b.getInt(at + OFFSET_AT));
        b.position(at + HEADER_BYTES);
        return f;
    }

    /**
     * The envelope of the message header at {@code b}'s position, validated by {@link #check}, as
     * {@code take(b).envelope()} without the frame; advances past it.
     */
    static Envelope takeEnvelope(ByteBuffer b) {
        int at = b.position();
        Envelope e = new Envelope(b.getInt(at + CONTEXT_AT), b.getInt(at + SOURCE_AT), b.getInt(at + TAG_AT),
                PAYLOAD_KINDS[b.get(at + PAYLOAD_AT)], b.getInt(at + COUNT_AT));
        b.position(at + HEADER_BYTES);
        return e;
    }

    private static void checkSizes(FrameKind kind, PayloadKind payloadKind, int count, int length, long id,
                                   int offset, FrameLimits limits, String where, int at) {
        if (count < 0 || length < 0) {
            throw invalid(where, at, kind + " frame with negative count " + count + " or length " + length);
        }
        long messageBytes = (long) count * payloadKind.bytesPerElement();
        switch (kind) {
            case EAGER -> {
                if (messageBytes != length || length > limits.eagerLimit()) {
                    throw invalid(where, at, "EAGER frame of " + count + " " + payloadKind + " elements carries "
                            + length + " bytes (eager limit " + limits.eagerLimit() + ")");
                }
            }
            case RTS -> {
                if (length != 0 || messageBytes > limits.maxMessageBytes()) {
                    throw invalid(where, at, "RTS frame announces " + messageBytes + " bytes (limit "
                            + limits.maxMessageBytes() + ", -Djomp.msg.maxMessageBytes) with body " + length);
                }
            }
            case DATA -> {
                if (length == 0 || length > limits.fragmentBytes() || offset < 0) {
                    throw invalid(where, at, "DATA fragment of " + length + " bytes at offset " + offset
                            + " (fragment limit " + limits.fragmentBytes() + ")");
                }
            }
            case PUSH -> {
                if (length != 0 || !limits.pushable(messageBytes)) {
                    throw invalid(where, at, "PUSH frame announces " + messageBytes + " bytes (pushed messages are"
                            + " above the eager limit " + limits.eagerLimit() + " and of at most "
                            + limits.largestPush() + " bytes, push window " + limits.pushWindow() + ") with body "
                            + length);
                }
            }
            case CREDIT -> {
                if (length != 0 || id < 1 || id > limits.pushWindow()) {
                    throw invalid(where, at, "CREDIT frame returns " + id + " bytes (push window "
                            + limits.pushWindow() + ") with body " + length);
                }
            }
            case CTS, BYE, PING -> {
                if (length != 0) {
                    throw invalid(where, at, kind + " frame with a body of " + length + " bytes");
                }
            }
            case RING -> {
                if (length == 0 || length > MAX_RING_NAME) {
                    throw invalid(where, at, "RING frame names a file in " + length + " bytes (limit "
                            + MAX_RING_NAME + ")");
                }
            }
            case MAPPED -> {
                if (length != 0 || count == 0 || count > MappedRing.PIECE || offset < 0) {
                    throw invalid(where, at, "MAPPED piece of " + count + " bytes at offset " + offset
                            + " (piece limit " + MappedRing.PIECE + ") with body " + length);
                }
            }
            case ABORT -> {
                if (length > MAX_ABORT_TEXT) {
                    throw invalid(where, at, "ABORT frame with a description of " + length + " bytes (limit "
                            + MAX_ABORT_TEXT + ")");
                }
            }
        }
    }

    private static CommException invalid(String where, int at, String what) {
        return new CommException("invalid frame " + where + " (at stream offset +" + at + "): " + what);
    }
}
