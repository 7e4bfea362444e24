package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.util.concurrent.TimeUnit;

import org.jomp.msg.CommException;
import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.MatchingEngine;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.ReceiveSlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Eager messages that arrive before their receive ({@link EagerPayload#retain}): every primitive type, from below
 * {@link UnexpectedBuffers#MIN_BYTES} (copied into an array) to the eager limit (into a reused native buffer), each
 * whole and in order in its receive slice; a round after the first allocates no buffer; a message declined by a
 * receive too small for it gives its buffer back too. Two ranks as threads of this JVM over TCP.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class UnexpectedEagerTest {
    private static final PayloadKind[] KINDS = {PayloadKind.BYTE, PayloadKind.DOUBLE, PayloadKind.INT,
            PayloadKind.LONG, PayloadKind.FLOAT, PayloadKind.SHORT, PayloadKind.CHAR, PayloadKind.BOOLEAN};
    private static final int EAGER = 64 * 1024;
    private static final int[] BYTES = {UnexpectedBuffers.MIN_BYTES - 8, UnexpectedBuffers.MIN_BYTES, 5000, 40_000,
            EAGER};

    private static SocketTransport[] connect() {
        return TwoRanks.connect("unexpected-eager-test", new FrameLimits(EAGER, 1 << 20, 1 << 24, 0));
    }

    private static int count(PayloadKind kind, int bytes) {
        return bytes / kind.bytesPerElement();
    }

    /** Rank 0 sends one message of every type and size; tag i is message i. */
    private static void send(SocketTransport t, int round) {
        int i = 0;
        for (PayloadKind kind : KINDS) {
            for (int bytes : BYTES) {
                int n = count(kind, bytes);
                Object a = Array.newInstance(kind.arrayType().getComponentType(), n + 2);
                for (int k = 0; k < n; k++) {
                    Array.set(a, 2 + k, TestElements.of(kind, round, i, k));
                }
                Completion sent = new Completion();
                t.send(1, new Envelope(0, 0, i, kind, n), a, 2, sent);
                sent.await(t.engine());
                i++;
            }
        }
    }

    /** Rank 1 waits until all of a round has arrived unexpected, then receives each and checks it. */
    private static void receive(SocketTransport t, int round) {
        int messages = KINDS.length * BYTES.length;
        while (t.engine().probe(0, 0, messages - 1) == null) {
            Thread.onSpinWait();
        }
        int i = 0;
        for (PayloadKind kind : KINDS) {
            for (int bytes : BYTES) {
                int n = count(kind, bytes);
                Object into = Array.newInstance(kind.arrayType().getComponentType(), n + 4);
                ReceiveSlot slot = new ReceiveSlot("recv", 1, 0, 0, 0, i, into, 3, n);
                t.engine().post(slot);
                slot.await(t.engine());
                String what = "round " + round + ", " + kind + " x " + n;
                Object zero = Array.get(Array.newInstance(kind.arrayType().getComponentType(), 1), 0);
                for (int k = 0; k < 3; k++) {
                    assertEquals(zero, Array.get(into, k), what + ": element " + k + " before the slice");
                }
                for (int k = 0; k < n; k++) {
                    assertEquals(TestElements.of(kind, round, i, k), Array.get(into, 3 + k), what + ": element " + k);
                }
                assertEquals(zero, Array.get(into, 3 + n), what + ": the element after the slice");
                i++;
            }
        }
    }

    @Test
    void unexpectedMessagesArriveWholeAndLaterRoundsReuseTheirBuffers() {
        SocketTransport[] t = connect();
        try {
            send(t[0], 0);
            receive(t[1], 0);
            int allocated = t[1].unexpectedBuffers().allocated();
            assertTrue(allocated > 0, "messages from " + UnexpectedBuffers.MIN_BYTES + " bytes take pooled buffers");
            for (int round = 1; round < 4; round++) {
                send(t[0], round);
                receive(t[1], round);
            }
            assertEquals(allocated, t[1].unexpectedBuffers().allocated(), "buffers allocated after the first round");

            // Declined by a receive too small for it: the buffer comes back all the same.
            Completion sent = new Completion();
            t[0].send(1, new Envelope(0, 0, 99, PayloadKind.DOUBLE, 8192), new double[8192], 0, sent);
            sent.await(t[0].engine());
            while (t[1].engine().probe(0, 0, 99) == null) {
                Thread.onSpinWait();
            }
            ReceiveSlot small = new ReceiveSlot("recv", 1, 0, 0, 0, 99, new double[10], 0, 10);
            t[1].engine().post(small);
            assertThrows(CommException.class, () -> small.await(t[1].engine()));
            send(t[0], 4);
            receive(t[1], 4);
            assertEquals(allocated, t[1].unexpectedBuffers().allocated(), "after a declined message");
        } finally {
            TwoRanks.close(t);
        }
    }
}
