package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
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
 * Large messages of every primitive type between slices of arrays, pushed and announced, received into a posted
 * receive and after arriving unexpected: on Java 22 and later with the test JVM's options (the module's pom) the
 * socket transport moves them in place ({@link HeapArrayIo}), on older JVMs through native buffers; either way the
 * receiver gets exactly the slice sent and nothing around it changes. Two ranks as threads of this JVM, an eager limit
 * of 1,000 bytes, fragments of 8 KiB (so a message is many frames, each written and read in place after its
 * header) and a push window of 64 KiB.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class InPlaceArraysTest {
    private static final int WINDOW = 64 * 1024;
    /** Elements sent: 30,001 bytes of bytes (pushed) up to 240,008 of longs and doubles (announced). */
    private static final int COUNT = 30_001;
    private static final int SEND_AT = 5;
    private static final int RECEIVE_AT = 3;

    private SocketTransport[] t;

    @BeforeEach
    void connect() {
        t = TwoRanks.connect("in-place-arrays-test", new FrameLimits(1000, 8192, 1 << 24, WINDOW));
    }

    @AfterEach
    void close() {
        TwoRanks.close(t);
    }

    private static final PayloadKind[] KINDS = {
        PayloadKind.BYTE, PayloadKind.CHAR, PayloadKind.SHORT, PayloadKind.INT, PayloadKind.LONG, PayloadKind.FLOAT,
        PayloadKind.DOUBLE, PayloadKind.BOOLEAN};

    private static Object filled(PayloadKind kind, int from, int length) {
        Object a = kind.newArray(length);
        for (int k = 0; k < length; k++) {
            Array.set(a, k, TestElements.of(kind, from, 0, k));
        }
        return a;
    }

    private Completion send(PayloadKind kind, int tag, Object array) {
        Completion sent = new Completion();
        t[0].send(1, new Envelope(0, 0, tag, kind, COUNT), array, SEND_AT, sent);
        return sent;
    }

    private ReceiveSlot post(PayloadKind kind, int tag, Object into) {
        ReceiveSlot slot = new ReceiveSlot("recv", 1, 0, 0, 0, tag, into, RECEIVE_AT, COUNT);
        t[1].engine().post(slot);
        return slot;
    }

    /** The receive buffer holds the slice sent at its offset, and its own values (seed 9) everywhere else. */
    private static void assertReceived(PayloadKind kind, Object sent, Object got, String what) {
        int length = Array.getLength(got);
        for (int k = 0; k < length; k++) {
            boolean inSlice = k >= RECEIVE_AT && k < RECEIVE_AT + COUNT;
            Object expected = inSlice ? Array.get(sent, k - RECEIVE_AT + SEND_AT) : TestElements.of(kind, 9, 0, k);
            if (!expected.equals(Array.get(got, k))) {
                throw new AssertionError(what + " of " + kind + ": element " + k + " is " + Array.get(got, k)
                        + ", expected " + expected + (inSlice ? "" : " (outside the received slice)"));
            }
        }
    }

    @Test
    void aPostedReceiveGetsExactlyTheSliceSentOfEveryType() {
        for (PayloadKind kind : KINDS) {
            Object got = filled(kind, 9, COUNT + RECEIVE_AT + 4);
            ReceiveSlot slot = post(kind, 1, got);
            Object sent = filled(kind, 1, COUNT + SEND_AT + 6);
            Completion done = send(kind, 1, sent);
            slot.await(t[1].engine());
            done.await(t[0].engine());
            assertEquals(COUNT, slot.envelope().count());
            assertReceived(kind, sent, got, "a receive posted first");
        }
    }

    @Test
    void messagesThatArriveBeforeTheirReceivesAreTakenWholeOfEveryType() {
        for (PayloadKind kind : KINDS) {
            List<Object> sent = new ArrayList<>();
            List<Completion> sends = new ArrayList<>();
            for (int tag = 0; tag < 3; tag++) {
                sent.add(filled(kind, 20 + tag, COUNT + SEND_AT + 6));
                sends.add(send(kind, tag, sent.get(tag)));
            }
            // Whatever fits the window is pushed and waits at the receiver; the rest waits for its receive.
            while (t[1].engine().probe(0, 0, 0) == null) {
                Thread.onSpinWait();
            }
            for (int tag = 2; tag >= 0; tag--) {
                Object got = filled(kind, 9, COUNT + RECEIVE_AT + 4);
                post(kind, tag, got).await(t[1].engine());
                assertReceived(kind, sent.get(tag), got, "message " + tag + ", received after it arrived");
            }
            sends.forEach(s -> s.await(t[0].engine()));
        }
        assertTrue(t[0].connectionTo(1).pushCredit() <= WINDOW);
    }
}
