package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.MatchingEngine;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.ReceiveSlot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link SocketTransport#sendNow}: a message of up to the eager limit is written at once, in order with the messages
 * {@link SocketTransport#send} writes; a larger one is left to {@code send}. Two ranks as threads of this JVM, each
 * with its own socket transport, with an eager limit of 1,000 bytes.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SendNowTest {
    private static final int EAGER_LIMIT = 1000;
    private static final int CONTEXT = 3;

    private SocketTransport[] t;

    @BeforeEach
    void connect() {
        t = TwoRanks.connect("send-now-test-secret", new FrameLimits(EAGER_LIMIT, 8192, 1 << 24, 0));
    }

    @AfterEach
    void close() {
        TwoRanks.close(t);
    }

    private static long[] message(int seed, int longs) {
        long[] m = new long[longs];
        for (int i = 0; i < longs; i++) {
            m[i] = seed * 1_000_003L + i;
        }
        return m;
    }

    private ReceiveSlot post(int tag, long[] into) {
        ReceiveSlot slot = new ReceiveSlot("recv", 1, CONTEXT, 0, 0, tag, into, 0, into.length);
        t[1].engine().post(slot);
        return slot;
    }

    @Test
    void aSmallMessageIsWrittenAtOnceInOrderWithTheMessagesSendWrites() {
        int longs = EAGER_LIMIT / Long.BYTES;
        long[][] got = new long[4][longs];
        ReceiveSlot[] slots = new ReceiveSlot[got.length];
        for (int k = 0; k < got.length; k++) {
            slots[k] = post(7, got[k]);
        }
        for (int k = 0; k < got.length; k++) {
            if (k % 2 == 0) {
                assertTrue(t[0].sendNow(1, CONTEXT, 0, 7, PayloadKind.LONG, message(k, longs), 0, longs),
                        "message " + k + " of " + longs * Long.BYTES + " bytes: within the eager limit");
            } else {
                Completion sent = new Completion();
                t[0].send(1, new Envelope(CONTEXT, 0, 7, PayloadKind.LONG, longs), message(k, longs), 0, sent);
                sent.await(t[0].engine());
            }
        }
        for (int k = 0; k < got.length; k++) {
            slots[k].await(t[1].engine());
            assertArrayEquals(message(k, longs), got[k], "message " + k + ", matched in the order sent");
            assertEquals(new Envelope(CONTEXT, 0, 7, PayloadKind.LONG, longs), slots[k].envelope());
        }
    }

    @Test
    void aMessageOverTheEagerLimitIsLeftToSend() {
        int longs = EAGER_LIMIT / Long.BYTES + 1;
        long[] large = new long[longs];
        ReceiveSlot forLarge = post(MatchingEngine.ANY, large);
        assertFalse(t[0].sendNow(1, CONTEXT, 0, 1, PayloadKind.LONG, message(1, longs), 0, longs));
        // Had anything gone, the receive for any tag would take it before this message, which comes after.
        assertTrue(t[0].sendNow(1, CONTEXT, 0, 2, PayloadKind.LONG, message(2, 3), 0, 3));
        forLarge.await(t[1].engine());
        assertEquals(new Envelope(CONTEXT, 0, 2, PayloadKind.LONG, 3), forLarge.envelope());
        assertArrayEquals(message(2, 3), Arrays.copyOf(large, 3));
    }
}
