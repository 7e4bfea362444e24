package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.PayloadKind;
import org.junit.jupiter.api.Test;

/**
 * A DATA frame copied from an array goes to the socket in pieces of the connection's piece size: {@link
 * OutgoingData#PIECE} over a Unix socket, the whole frame over TCP ({@link OutgoingData#TCP_PIECE}). A
 * {@code boolean[]} is used since it is always copied (no in-place I/O moves it).
 */
class FramePieceTest {
    private static final int FRAGMENT = 1 << 20;
    private static final FrameLimits LIMITS = new FrameLimits(1000, FRAGMENT, 1 << 26, 0);
    private static final String WHERE = "from rank 0 at test";

    /** The sizes of the buffers written for {@code message}, headers dropped; their data is put into {@code into}. */
    private static List<Integer> writes(int pieceBytes, boolean[] message, ByteBuffer into) {
        OutgoingData data = new OutgoingData(FRAGMENT, pieceBytes);
        data.add(1, new Connection.RendezvousSend(new Envelope(0, 0, 7, PayloadKind.BOOLEAN, message.length), message,
                0, new Completion()));
        List<Integer> sizes = new ArrayList<>();
        for (ByteBuffer b; (b = data.next(null, 0)) != null; ) {
            Frame f = Frame.read(b.duplicate().order(Frame.ORDER), LIMITS, WHERE);
            assertEquals(FrameKind.DATA, f.kind());
            b.position(b.position() + Frame.HEADER_BYTES);
            for (ByteBuffer piece = b; piece != null; piece = data.extend(piece)) {
                sizes.add(piece.remaining());
                into.put(piece);
            }
        }
        return sizes;
    }

    /** Checks that {@code written} holds {@code message}, every byte written once. */
    private static void assertCarries(boolean[] message, ByteBuffer written) {
        assertEquals(message.length, written.position(), "every byte written once");
        for (int i = 0; i < message.length; i++) {
            if (message[i] != (written.get(i) != 0)) {
                fail("byte " + i + " of " + message.length + " is wrong");
            }
        }
    }

    private static boolean[] message(int length) {
        boolean[] m = new boolean[length];
        for (int i = 0; i < length; i++) {
            m[i] = (i * 31 + i / 7) % 3 == 0;
        }
        return m;
    }

    @Test
    void overAUnixSocketAFrameIsCopiedAPieceAtATime() {
        boolean[] m = message(3 * FRAGMENT + 40);
        ByteBuffer out = ByteBuffer.allocate(m.length);
        List<Integer> sizes = writes(OutgoingData.PIECE, m, out);
        assertTrue(sizes.size() > 3 * FRAGMENT / OutgoingData.PIECE, "pieces: " + sizes);
        for (int s : sizes) {
            assertTrue(s <= OutgoingData.PIECE, "no piece exceeds " + OutgoingData.PIECE + ": " + sizes);
        }
        assertCarries(m, out);
    }

    @Test
    void overTcpAFrameIsCopiedWholeBeforeItIsWritten() {
        boolean[] m = message(3 * FRAGMENT + 40);
        ByteBuffer out = ByteBuffer.allocate(m.length);
        List<Integer> sizes = writes(OutgoingData.TCP_PIECE, m, out);
        // Four frames, the first maybe cut short (FirstFrameTest), each one buffer: its header and all its data.
        assertEquals(4, sizes.size(), "one buffer per frame: " + sizes);
        assertEquals(FRAGMENT, (int) sizes.get(1), "a whole fragment in one buffer");
        assertCarries(m, out);
    }

    @Test
    void aPieceLargerThanTheFragmentIsAFragment() {
        OutgoingData data = new OutgoingData(FRAGMENT, OutgoingData.TCP_PIECE);
        boolean[] m = message(2 * FRAGMENT);
        data.add(1, new Connection.RendezvousSend(new Envelope(0, 0, 7, PayloadKind.BOOLEAN, m.length), m, 0,
                new Completion()));
        ByteBuffer first = data.next(null, 0);
        assertNull(data.extend(first.position(first.limit())), "the first frame is written whole");
        ByteBuffer second = data.next(null, 0);
        assertEquals(Frame.HEADER_BYTES + FRAGMENT, second.remaining(), "a frame's buffer holds at most a fragment");
    }
}
