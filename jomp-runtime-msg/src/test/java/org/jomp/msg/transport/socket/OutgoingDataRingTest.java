package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Path;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.PayloadKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How {@link OutgoingData} cuts the data of an announced message to a peer on this host once the ring is full: with
 * patience, it makes no frame while the receiver copies pieces out ({@link OutgoingData#awaitingRoom}) and puts the
 * next piece in the ring once there is room; without patience, or once the receiver has copied nothing out for the
 * patience, the piece goes through the socket in a DATA frame. A ring and its receiving end driven by hand.
 */
class OutgoingDataRingTest {
    private static final FrameLimits LIMITS = new FrameLimits(1000, 1 << 20, 1 << 26, 0);
    private static final String WHERE = "from rank 0 over a Unix socket";
    private static final int PIECES = MappedRing.CAPACITY / MappedRing.PIECE;

    @TempDir
    Path dir;
    private MappedRing out;
    private MappedRing in;
    private OutgoingData data;

    /** A ring and a cleared message of 4 MiB, whose first {@link #PIECES} pieces fill the ring. */
    private void start(long patienceNanos) throws Exception {
        out = MappedRing.create(dir, "r0-to-r1");
        in = MappedRing.open(out.name(), WHERE);
        data = new OutgoingData(LIMITS.fragmentBytes(), OutgoingData.PIECE);
        int bytes = 4 << 20;
        data.add(1, new Connection.RendezvousSend(new Envelope(0, 0, 7, PayloadKind.BYTE, bytes), new byte[bytes], 0,
                new Completion()));
        for (int k = 0; k < PIECES; k++) {
            assertEquals(FrameKind.MAPPED, kind(data.next(out, patienceNanos)), "piece " + k + " finds room");
        }
    }

    private static FrameKind kind(ByteBuffer frame) {
        return Frame.check(frame.duplicate().order(Frame.ORDER), LIMITS, WHERE);
    }

    @Test
    void aFullRingIsWaitedForWhileTheReceiverCopiesOutAndTheNextPieceGoesIntoIt() throws Exception {
        start(60_000_000_000L);
        assertNull(data.next(out, 60_000_000_000L), "no frame: the ring is full and its receiver may copy out");
        assertTrue(data.awaitingRoom());
        assertTrue(data.pending(), "the rest of the message is still to go");
        assertNull(data.next(out, 60_000_000_000L), "still full");
        in.take(MappedRing.PIECE, WHERE);
        in.release();
        assertEquals(FrameKind.MAPPED, kind(data.next(out, 60_000_000_000L)), "the piece copied out made room");
        assertFalse(data.awaitingRoom());
    }

    @Test
    void withoutPatienceThePieceAFullRingHasNoRoomForGoesThroughTheSocket() throws Exception {
        start(0);
        assertEquals(FrameKind.DATA, kind(data.next(out, 0)));
        assertFalse(data.awaitingRoom());
    }

    @Test
    void aReceiverThatCopiesNothingOutForThePatienceGetsThePieceThroughTheSocket() throws Exception {
        long patience = 1_000_000;
        start(patience);
        assertNull(data.next(out, patience));
        Thread.sleep(20);
        assertEquals(FrameKind.DATA, kind(data.next(out, patience)));
        assertFalse(data.awaitingRoom());
    }
}
