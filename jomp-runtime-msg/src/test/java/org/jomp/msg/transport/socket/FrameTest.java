package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.function.Consumer;

import org.jomp.msg.CommException;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.PayloadKind;
import org.junit.jupiter.api.Test;

class FrameTest {
    private static final FrameLimits LIMITS = new FrameLimits(1024, 8192, 1 << 20, 0);

    @Test
    void aHeaderReadsBackAsWritten() {
        Frame f = Frame.message(FrameKind.EAGER, new Envelope(4, 2, 99, PayloadKind.DOUBLE, 3), 24, 0);
        ByteBuffer b = ByteBuffer.allocate(Frame.HEADER_BYTES).order(Frame.ORDER);
        f.write(b);
        assertEquals(Frame.HEADER_BYTES, b.position());
        assertEquals(f, Frame.read(b.flip(), LIMITS, "from rank 2"));
    }

    @Test
    void anEagerHeaderIsCheckedInPlaceAndItsEnvelopeTakenAsTheFrameWouldGiveIt() {
        Envelope e = new Envelope(4, 2, 99, PayloadKind.LONG, 5);
        ByteBuffer b = ByteBuffer.allocate(7 + Frame.HEADER_BYTES).order(Frame.ORDER);
        Frame.message(FrameKind.EAGER, e, 40, 0).write(b.position(7));
        b.flip().position(7);
        assertEquals(FrameKind.EAGER, Frame.check(b, LIMITS, "from rank 2"));
        assertEquals(7, b.position(), "check leaves the position");
        assertEquals(e, Frame.takeEnvelope(b));
        assertEquals(7 + Frame.HEADER_BYTES, b.position());
        b.position(7);
        assertEquals(Frame.read(b, LIMITS, "from rank 2").envelope(), e);
    }

    @Test
    void aFrameIsWholeOnlyWithItsWholeBodyAfterItsPosition() {
        Frame f = Frame.message(FrameKind.EAGER, new Envelope(0, 1, 5, PayloadKind.INT, 6), 24, 0);
        ByteBuffer b = ByteBuffer.allocate(3 + Frame.HEADER_BYTES + 24).order(Frame.ORDER);
        f.write(b.position(3));
        b.limit(3 + Frame.HEADER_BYTES - 1).position(3);
        assertFalse(Frame.whole(b), "a header one byte short");
        b.limit(3 + Frame.HEADER_BYTES + 23);
        assertFalse(Frame.whole(b), "a body one byte short");
        b.limit(3 + Frame.HEADER_BYTES + 24);
        assertTrue(Frame.whole(b));
        assertEquals(3, b.position(), "the position stays");
        b.putInt(3 + 24, -5).limit(3 + Frame.HEADER_BYTES);
        assertTrue(Frame.whole(b), "a negative length, for read to reject");
    }

    @Test
    void aBadMagicIsRejectedNamingTheConnection() {
        CommException e = reject(b -> b.putInt(0, 0x12345678));
        assertTrue(e.getMessage().contains("from rank 7") && e.getMessage().contains("bad magic 0x12345678"),
                e.getMessage());
    }

    @Test
    void anotherVersionIsRejected() {
        assertTrue(reject(b -> b.put(4, (byte) 9)).getMessage().contains("protocol version 9"));
    }

    @Test
    void unknownKindsAreRejected() {
        assertTrue(reject(b -> b.put(5, (byte) 77)).getMessage().contains("unknown frame kind 77"));
        assertTrue(reject(b -> b.put(6, (byte) -3)).getMessage().contains("unknown payload kind -3"));
    }

    @Test
    void sizesMustAgreeAndStayUnderTheLimits() {
        // an eager frame whose body does not match its count
        assertTrue(reject(b -> b.putInt(24, 25)).getMessage().contains("carries 25 bytes"));
        // an eager frame over the eager limit
        assertTrue(reject(b -> b.putInt(20, 1000).putInt(24, 8000)).getMessage().contains("eager limit 1024"));
        // negative sizes
        assertTrue(reject(b -> b.putInt(20, -1)).getMessage().contains("negative count"));
        // a rendezvous announcing more than the maximum message
        Frame rts = Frame.message(FrameKind.RTS, new Envelope(0, 0, 0, PayloadKind.LONG, 1 << 20), 0, 1);
        ByteBuffer b = ByteBuffer.allocate(Frame.HEADER_BYTES).order(Frame.ORDER);
        rts.write(b);
        CommException e = assertThrows(CommException.class, () -> Frame.read(b.flip(), LIMITS, "from rank 1"));
        assertTrue(e.getMessage().contains("RTS frame announces 8388608 bytes (limit 1048576"), e.getMessage());
        // a data fragment larger than a fragment
        Frame data = Frame.control(FrameKind.DATA, 1, 0, 9000);
        ByteBuffer d = ByteBuffer.allocate(Frame.HEADER_BYTES).order(Frame.ORDER);
        data.write(d);
        e = assertThrows(CommException.class, () -> Frame.read(d.flip(), LIMITS, "from rank 1"));
        assertTrue(e.getMessage().contains("fragment limit 8192"), e.getMessage());
    }

    @Test
    void pushesStayAboveTheEagerLimitAndWithinTheWindowAndCreditsWithinTheWindow() {
        FrameLimits limits = new FrameLimits(1024, 8192, 1 << 20, 4096);
        assertEquals(FrameKind.PUSH, readWith(limits, Frame.message(FrameKind.PUSH,
                new Envelope(0, 3, 1, PayloadKind.INT, 1024), 0, 5)).kind(), "4096 bytes: the whole window");
        CommException e = assertThrows(CommException.class, () -> readWith(limits,
                Frame.message(FrameKind.PUSH, new Envelope(0, 3, 1, PayloadKind.INT, 1025), 0, 5)));
        assertTrue(e.getMessage().contains("from rank 3") && e.getMessage().contains("PUSH frame announces 4100 bytes")
                && e.getMessage().contains("push window 4096"), e.getMessage());
        e = assertThrows(CommException.class, () -> readWith(limits,
                Frame.message(FrameKind.PUSH, new Envelope(0, 3, 1, PayloadKind.BYTE, 1024), 0, 5)));
        assertTrue(e.getMessage().contains("PUSH frame announces 1024 bytes") && e.getMessage().contains(
                "eager limit 1024"), e.getMessage());
        e = assertThrows(CommException.class, () -> readWith(LIMITS,
                Frame.message(FrameKind.PUSH, new Envelope(0, 3, 1, PayloadKind.BYTE, 2000), 0, 5)));
        assertTrue(e.getMessage().contains("push window 0"), "no window, no pushes: " + e.getMessage());
        assertEquals(4096, readWith(limits, Frame.control(FrameKind.CREDIT, 4096, 0, 0)).id());
        for (long bytes : new long[] {0, -8, 4097}) {
            e = assertThrows(CommException.class, () -> readWith(limits, Frame.control(FrameKind.CREDIT, bytes, 0,
                    0)));
            assertTrue(e.getMessage().contains("CREDIT frame returns " + bytes + " bytes (push window 4096)"),
                    e.getMessage());
        }
    }

    @Test
    void mappedPiecesStayWithinAPieceAndCarryNoBodyAndRingNamesStayShort() {
        Frame piece = readWith(LIMITS, Frame.mapped(5, 4096, MappedRing.PIECE));
        assertEquals(FrameKind.MAPPED, piece.kind());
        assertEquals(MappedRing.PIECE, piece.count());
        assertEquals(4096, piece.offset());
        String[] wrong = {"MAPPED piece of 0 bytes at offset 0", "MAPPED piece of " + (MappedRing.PIECE + 1)
                + " bytes at offset 0", "MAPPED piece of 8 bytes at offset -8", "with body 8"};
        Frame[] bad = {Frame.mapped(5, 0, 0), Frame.mapped(5, 0, MappedRing.PIECE + 1), Frame.mapped(5, -8, 8),
            new Frame(FrameKind.MAPPED, 0, 0, 0, PayloadKind.BYTE, 8, 8, 5, 0)};
        for (int i = 0; i < bad.length; i++) {
            Frame f = bad[i];
            CommException e = assertThrows(CommException.class, () -> readWith(LIMITS, f));
            assertTrue(e.getMessage().contains("from rank 3") && e.getMessage().contains(wrong[i]), e.getMessage());
        }
        assertEquals(FrameKind.RING, readWith(LIMITS, Frame.control(FrameKind.RING, 0, 0, 30)).kind());
        for (int length : new int[] {0, Frame.MAX_RING_NAME + 1}) {
            CommException e = assertThrows(CommException.class,
                    () -> readWith(LIMITS, Frame.control(FrameKind.RING, 0, 0, length)));
            assertTrue(e.getMessage().contains("RING frame names a file in " + length + " bytes"), e.getMessage());
        }
    }

    private static Frame readWith(FrameLimits limits, Frame f) {
        ByteBuffer b = ByteBuffer.allocate(Frame.HEADER_BYTES).order(Frame.ORDER);
        f.write(b);
        return Frame.read(b.flip(), limits, "from rank 3");
    }

    private static CommException reject(Consumer<ByteBuffer> corrupt) {
        ByteBuffer b = ByteBuffer.allocate(Frame.HEADER_BYTES).order(Frame.ORDER);
        Frame.message(FrameKind.EAGER, new Envelope(0, 7, 1, PayloadKind.DOUBLE, 3), 24, 0).write(b);
        corrupt.accept(b);
        b.flip();
        return assertThrows(CommException.class, () -> Frame.read(b, LIMITS, "from rank 7"));
    }
}
