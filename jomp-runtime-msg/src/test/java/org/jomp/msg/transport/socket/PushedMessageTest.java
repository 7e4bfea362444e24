package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import org.jomp.msg.CommException;
import org.jomp.msg.transport.BulkCopy;
import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.PayloadKind;
import org.junit.jupiter.api.Test;

/**
 * A pushed message's data, handed over piece by piece as the reader reads it, lands in the receive buffer whether the
 * receive matched before the data, while it came, or after all of it; its credit is freed exactly once, when no buffer
 * of the receiver's own holds the data any longer; and a pooled buffer goes back to the pool.
 */
class PushedMessageTest {
    private static final int DOUBLES = 1000;
    private static final int PIECE = 96;
    private static final int LEAD = 3;

    private final UnexpectedBuffers pool = new UnexpectedBuffers(1 << 20);
    private final List<Long> freed = new ArrayList<>();
    private final ByteBuffer wire = ByteBuffer.allocateDirect(DOUBLES * 8).order(Frame.ORDER);

    PushedMessageTest() {
        double[] data = new double[DOUBLES];
        for (int i = 0; i < DOUBLES; i++) {
            data[i] = i * 1.5 + 0.25;
        }
        BulkCopy.put(wire, PayloadKind.DOUBLE, data, 0, DOUBLES);
        wire.flip();
    }

    private PushedMessage message() {
        return new PushedMessage(new Envelope(0, 1, 4, PayloadKind.DOUBLE, DOUBLES), pool, freed::add);
    }

    /** Hands over the next {@code doubles} of the wire data; returns what take returned. */
    private boolean feed(PushedMessage m, int doubles) {
        int at = wire.position();
        boolean last = m.take(wire, doubles * 8);
        assertEquals(at + doubles * 8, wire.position(), "the reader's buffer advances past the piece");
        return last;
    }

    /** Feeds pieces until {@code upTo} doubles have been handed over in all; each but the very last is not last. */
    private void feedUpTo(PushedMessage m, int upTo) {
        while (wire.position() / 8 < upTo) {
            int n = Math.min(PIECE, upTo - wire.position() / 8);
            boolean last = feed(m, n);
            assertEquals(wire.position() == DOUBLES * 8, last, "last only with the last piece");
        }
    }

    private static void assertReceived(double[] into) {
        for (int k = 0; k < LEAD; k++) {
            assertEquals(0.0, into[k], "element " + k + " before the slice");
        }
        for (int i = 0; i < DOUBLES; i++) {
            assertEquals(i * 1.5 + 0.25, into[LEAD + i], "element " + i);
        }
        for (int k = LEAD + DOUBLES; k < into.length; k++) {
            assertEquals(0.0, into[k], "element " + k + " past the slice");
        }
    }

    @Test
    void aReceiveMatchedOnArrivalTakesEveryPieceAndCompletesWithTheLast() {
        PushedMessage m = message();
        double[] into = new double[LEAD + DOUBLES + 2];
        Completion receive = new Completion();
        m.copyTo(into, LEAD, receive);
        assertEquals(List.of(8000L), freed, "no buffer of the receiver's holds any of it: the credit is freed");
        feedUpTo(m, DOUBLES - 1);
        assertFalse(receive.isDone(), "one element is still to come");
        assertTrue(feed(m, 1));
        assertTrue(receive.isDone());
        assertNull(receive.error());
        assertReceived(into);
        assertEquals(0, pool.allocated(), "nothing waited in a buffer");
        assertEquals(List.of(8000L), freed);
    }

    @Test
    void anUnexpectedMessageWaitsInAPooledBufferUntilItsReceiveCopiesWhatHasComeAndTakesTheRest() {
        PushedMessage m = message();
        assertSame(m, m.retain());
        assertEquals(1, pool.allocated());
        feedUpTo(m, 4 * PIECE + 7);
        assertEquals(List.of(), freed, "the data waits in the receiver's buffer: the credit stays spent");
        assertEquals((4 * PIECE + 7) * 8L, m.received());
        double[] into = new double[LEAD + DOUBLES + 2];
        Completion receive = new Completion();
        m.copyTo(into, LEAD, receive);
        assertEquals(List.of(8000L), freed);
        assertFalse(receive.isDone());
        feedUpTo(m, DOUBLES);
        assertTrue(receive.isDone());
        assertReceived(into);
        pool.take(8000);
        assertEquals(1, pool.allocated(), "the buffer went back to the pool");
    }

    @Test
    void anUnexpectedMessageWhollyInCompletesItsReceiveAtTheMatch() {
        PushedMessage m = message();
        m.retain();
        feedUpTo(m, DOUBLES);
        double[] into = new double[LEAD + DOUBLES + 2];
        Completion receive = new Completion();
        m.copyTo(into, LEAD, receive);
        assertTrue(receive.isDone());
        assertReceived(into);
        assertEquals(List.of(8000L), freed);
    }

    @Test
    void aRefusedMessageIsReadToItsEndAndDropped() {
        PushedMessage m = message();
        m.retain();
        feedUpTo(m, 300);
        m.discard(null);
        assertEquals(List.of(8000L), freed);
        feedUpTo(m, DOUBLES);
        pool.take(8000);
        assertEquals(1, pool.allocated(), "the buffer went back to the pool");
    }

    @Test
    void aLostConnectionFailsAReceiveStillWaitingForDataButNotOneAlreadyComplete() {
        PushedMessage m = message();
        Completion receive = new Completion();
        m.copyTo(new double[DOUBLES], 0, receive);
        feedUpTo(m, 500);
        CommException lost = new CommException("rank 1 closed its connection");
        m.fail(lost);
        assertSame(lost, receive.error());

        wire.position(0);
        PushedMessage whole = message();
        Completion done = new Completion();
        whole.copyTo(new double[DOUBLES], 0, done);
        feedUpTo(whole, DOUBLES);
        whole.fail(lost);
        assertNull(done.error());
    }

    @Test
    void aDirectReceiveBufferIsOfferedForReadingInPlaceOnceMatched() {
        PushedMessage m = new PushedMessage(new Envelope(0, 1, 4, PayloadKind.BYTE, 1000), pool, freed::add);
        m.retain();
        wire.limit(1000);
        assertFalse(m.take(wire, 100));
        assertNull(m.directView(900), "not matched yet: the rest goes through the pool's buffer");
        ByteBuffer into = ByteBuffer.allocateDirect(1010);
        Completion receive = new Completion();
        m.copyTo(into, 5, receive);
        ByteBuffer view = m.directView(900);
        assertEquals(105, view.position());
        assertEquals(1005, view.limit());
        view.put(wire);
        assertTrue(m.took(900));
        assertTrue(receive.isDone());
        for (int i = 0; i < 1000; i++) {
            assertEquals(wire.get(i), into.get(5 + i), "byte " + i);
        }
        assertEquals(0, into.get(4));
        assertEquals(0, into.get(1005));
        PushedMessage toArray = message();
        toArray.copyTo(new double[DOUBLES], 0, new Completion());
        assertNull(toArray.directView(8), "an array is never read into in place");
    }
}
