package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.ReceiveSlot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The credit of pushed messages ({@link PushedMessage}): a sender pushes while its credit lasts and announces the rest,
 * a receiver keeps only the pushed ones in its pool while no receive is posted, and the credit comes back once the
 * receives have taken the data (a sender short of credit reads what has come back itself). Two ranks as threads of
 * this JVM, each with its own socket transport, with a window of 64 KiB.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PushCreditTest {
    private static final int WINDOW = 64 * 1024;
    /** Elements of each message: 40,000 bytes, more than half the window. */
    private static final int LONGS = 5000;

    private SocketTransport[] t;

    @BeforeEach
    void connect() {
        t = TwoRanks.connect("push-credit-test", new FrameLimits(1000, 8192, 1 << 24, WINDOW));
    }

    @AfterEach
    void close() {
        TwoRanks.close(t);
    }

    private static long[] message(int tag) {
        long[] m = new long[LONGS];
        for (int i = 0; i < LONGS; i++) {
            m[i] = tag * 1_000_003L + i;
        }
        return m;
    }

    private Completion send(int tag) {
        Completion sent = new Completion();
        t[0].send(1, new Envelope(0, 0, tag, PayloadKind.LONG, LONGS), message(tag), 0, sent);
        return sent;
    }

    private ReceiveSlot post(int tag, long[] into) {
        ReceiveSlot slot = new ReceiveSlot("recv", 1, 0, 0, 0, tag, into, 0, LONGS);
        t[1].engine().post(slot);
        return slot;
    }

    @Test
    void aSenderPushesWhileItsCreditLastsAndAnnouncesTheRestAndTheReceiverPoolsOnlyThePushed() throws Exception {
        List<Completion> sends = new ArrayList<>();
        for (int tag = 0; tag < 3; tag++) {
            sends.add(send(tag));
        }
        assertEquals(WINDOW - 8L * LONGS, t[0].connectionTo(1).pushCredit(), "only the first fits the credit");
        // The pushed message arrives unexpected and waits in the pool; the announced ones wait at their sender.
        while (t[1].engine().probe(0, 0, 2) == null) {
            Thread.onSpinWait();
        }
        assertEquals(1, t[1].unexpectedBuffers().allocated());
        List<long[]> into = new ArrayList<>();
        List<ReceiveSlot> slots = new ArrayList<>();
        for (int tag = 2; tag >= 0; tag--) {
            long[] a = new long[LONGS];
            into.add(0, a);
            slots.add(post(tag, a));
        }
        for (ReceiveSlot s : slots) {
            s.await(t[1].engine());
        }
        for (Completion s : sends) {
            s.await(t[0].engine());
        }
        for (int tag = 0; tag < 3; tag++) {
            assertArrayEquals(message(tag), into.get(tag), "message " + tag);
        }
        awaitFullCredit();
    }

    @Test
    void theCreditComesBackOnceTheReceivesHaveTheData() throws Exception {
        for (int tag = 0; tag < 20; tag++) {
            long[] into = new long[LONGS];
            ReceiveSlot slot = post(tag, into);
            Completion sent = send(tag);
            slot.await(t[1].engine());
            sent.await(t[0].engine());
            assertArrayEquals(message(tag), into, "message " + tag);
        }
        awaitFullCredit();
        assertEquals(0, t[1].unexpectedBuffers().allocated(), "every receive was posted before its message");
    }

    /**
     * The credit is returned by whichever thread of the receiver frees the data: written at once by a thread that
     * reads, or handed to the pump when another thread is writing. On a loaded machine it may come after the sender
     * has looked, and the sender then rightly announces (in CI on 30 November 2026 the first of the ten was
     * announced), so the test asks that most messages, not all, be pushed. It shows that the returned credit is
     * spent on the next message, not which thread read it: the sender's reader threads often read it first (with the
     * sender's own read removed, 9 or 10 of the ten were still pushed).
     */
    @Test
    void aSenderShortOfCreditReadsTheCreditReturnedBeforeItAnnounces() throws Exception {
        int pushed = 0;
        for (int tag = 0; tag < 20; tag += 2) {
            long[] into = new long[LONGS];
            ReceiveSlot slot = post(tag, into);
            Completion sent = send(tag);
            sent.await(t[0].engine());
            slot.await(t[1].engine());
            // The credit is on its way back; the sender's readers keep out for a while after a push, so the sender
            // reads it itself when it finds its credit short, and pushes again rather than announce.
            Completion next = send(tag + 1);
            while (t[1].engine().probe(0, 0, tag + 1) == null) {
                Thread.onSpinWait();
            }
            if (t[1].connectionTo(0).pushHeld() == 8L * LONGS) {
                pushed++;
            }
            long[] more = new long[LONGS];
            post(tag + 1, more).await(t[1].engine());
            next.await(t[0].engine());
            assertArrayEquals(message(tag), into, "message " + tag);
            assertArrayEquals(message(tag + 1), more, "message " + (tag + 1));
        }
        assertTrue(pushed >= 5, "only " + pushed + " of 10 messages sent short of credit were pushed");
        awaitFullCredit();
    }

    /** The CREDIT frames reach the sender (its reader threads read them while no wait of it polls). */
    private void awaitFullCredit() throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (t[0].connectionTo(1).pushCredit() != WINDOW && System.nanoTime() < end) {
            Thread.sleep(1);
        }
        assertEquals(WINDOW, t[0].connectionTo(1).pushCredit(), "credit back at the sender");
    }
}
