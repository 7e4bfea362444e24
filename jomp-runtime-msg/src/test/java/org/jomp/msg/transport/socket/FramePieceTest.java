package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /** The buffers written for a message of {@code bytes} values, header bytes dropped, in order, as their sizes. */
    private static List<Integer> writes(int pieceBytes, boolean[] message, ByteArrayCollector into) {
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
                into.take(piece);
            }
        }
        return sizes;
    }

    /** The data bytes written, in order. */
    private static final class ByteArrayCollector {
        private final byte[] bytes;
        private int n;

        ByteArrayCollector(int capacity) {
            bytes = new byte[capacity];
        }

        void take(ByteBuffer b) {
            int k = b.remaining();
            b.get(bytes, n, k);
            n += k;
        }

        boolean[] asBooleans() {
            assertEquals(bytes.length, n, "every byte written once");
            boolean[] out = new boolean[n];
            for (int i = 0; i < n; i++) {
                out[i] = bytes[i] != 0;
            }
            return out;
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
        ByteArrayCollector out = new ByteArrayCollector(m.length);
        List<Integer> sizes = writes(OutgoingData.PIECE, m, out);
        assertTrue(sizes.size() > 3 * FRAGMENT / OutgoingData.PIECE, "pieces: " + sizes);
        for (int s : sizes) {
            assertTrue(s <= OutgoingData.PIECE, "no piece exceeds " + OutgoingData.PIECE + ": " + sizes);
        }
        assertArrayEquals(m, out.asBooleans());
    }

    @Test
    void overTcpAFrameIsCopiedWholeBeforeItIsWritten() {
        boolean[] m = message(3 * FRAGMENT + 40);
        ByteArrayCollector out = new ByteArrayCollector(m.length);
        List<Integer> sizes = writes(OutgoingData.TCP_PIECE, m, out);
        // Four frames, the first maybe cut short (FirstFrameTest), each one buffer: its header and all its data.
        assertEquals(4, sizes.size(), "one buffer per frame: " + sizes);
        assertEquals(FRAGMENT, (int) sizes.get(1), "a whole fragment in one buffer");
        assertArrayEquals(m, out.asBooleans());
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
