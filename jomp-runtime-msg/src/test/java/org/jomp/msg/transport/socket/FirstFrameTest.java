package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.PayloadKind;
import org.junit.jupiter.api.Test;

/**
 * The first DATA frame of a large message through the socket carries at most {@link OutgoingData#FIRST_FRAME} bytes,
 * the next ones up to a fragment, and together they carry the message's bytes in order.
 */
class FirstFrameTest {
    private static final FrameLimits LIMITS = new FrameLimits(1000, 1 << 20, 1 << 26, 0);
    private static final String WHERE = "from rank 0 at test";

    /** The DATA frames {@link OutgoingData} cuts a message of {@code bytes} bytes into, as {offset, length} pairs. */
    private static int[][] frames(int bytes) {
        OutgoingData data = new OutgoingData(LIMITS.fragmentBytes(), OutgoingData.PIECE);
        data.add(1, new Connection.RendezvousSend(new Envelope(0, 0, 7, PayloadKind.BYTE, bytes), new byte[bytes], 0,
                new Completion()));
        int[][] cut = new int[8][];
        int n = 0;
        for (ByteBuffer b; (b = data.next(null, 0)) != null; ) {
            Frame f = Frame.read(b.duplicate().order(Frame.ORDER), LIMITS, WHERE);
            assertEquals(FrameKind.DATA, f.kind());
            cut[n++] = new int[] {f.offset(), f.length()};
            for (ByteBuffer more = b.position(b.limit()); (more = data.extend(more)) != null; ) {
                more.position(more.limit());
            }
            if (data.inPlaceLeft() > 0) {
                data.wroteInPlace(data.inPlaceLeft());
            }
        }
        assertFalse(data.pending());
        return Arrays.copyOf(cut, n);
    }

    @Test
    void aMessageOfAFragmentGoesAsTheFirstFrameThenTheRest() {
        int bytes = 1 << 20;
        int[][] cut = frames(bytes);
        assertEquals(2, cut.length, "two frames");
        assertEquals(0, cut[0][0]);
        assertEquals(OutgoingData.FIRST_FRAME, cut[0][1], "the first frame is short");
        assertEquals(OutgoingData.FIRST_FRAME, cut[1][0], "the second starts where the first ended");
        assertEquals(bytes - OutgoingData.FIRST_FRAME, cut[1][1]);
    }

    @Test
    void aLargerMessageGoesInFragmentsAfterTheFirstFrame() {
        int bytes = (3 << 20) + 40;
        int[][] cut = frames(bytes);
        assertEquals(OutgoingData.FIRST_FRAME, cut[0][1]);
        int at = 0;
        for (int[] f : cut) {
            assertEquals(at, f[0], "frames follow each other");
            at += f[1];
            assertTrue(f[1] <= LIMITS.fragmentBytes(), "no frame exceeds a fragment");
        }
        assertEquals(bytes, at, "the frames carry the whole message");
    }

    @Test
    void aMessageNoLargerThanTheFirstFrameGoesWhole() {
        int[][] cut = frames(OutgoingData.FIRST_FRAME - 8);
        assertEquals(1, cut.length);
        assertEquals(OutgoingData.FIRST_FRAME - 8, cut[0][1]);
    }

    @Test
    void theFirstFrameRuleLeavesLaterFramesAndSmallOnesAlone() {
        assertEquals(OutgoingData.FIRST_FRAME, OutgoingData.firstFrame(0, 1 << 20));
        assertEquals(1 << 20, OutgoingData.firstFrame(OutgoingData.FIRST_FRAME, 1 << 20));
        assertEquals(4096, OutgoingData.firstFrame(0, 4096));
    }
}
