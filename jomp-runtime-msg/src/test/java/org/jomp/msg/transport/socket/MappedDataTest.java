package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.ReceiveSlot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Large messages between two ranks on one host, whose data goes through the sender's ring of mapped memory
 * ({@link MappedRing}) rather than the socket: of every primitive type, pushed and announced, into a posted receive
 * and arriving before it, from several threads at once (so the ring fills and pieces go through the socket between
 * pieces in the ring), and with rings turned off. Two ranks as threads of this JVM, connected over a Unix socket (the
 * test is skipped where the host has none for them), with an eager limit of 1,000 bytes and a push window of 256
 * KiB, so messages of up to 256 KiB are pushed and larger ones announced.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class MappedDataTest {
    private static final int WINDOW = 256 * 1024;
    private static final FrameLimits LIMITS = new FrameLimits(1000, 64 * 1024, 1 << 26, WINDOW);
    private static final int SEND_AT = 5;
    private static final int RECEIVE_AT = 3;
    private static final PayloadKind[] KINDS = {
        PayloadKind.BYTE, PayloadKind.CHAR, PayloadKind.SHORT, PayloadKind.INT, PayloadKind.LONG, PayloadKind.FLOAT,
        PayloadKind.DOUBLE, PayloadKind.BOOLEAN};
    /** Element counts: 30,001 (30 KB to 240 KB: pushed) and 300,007 (300 KB to 2.4 MB: announced). */
    private static final int[] COUNTS = {30_001, 300_007};

    private SocketTransport[] t;

    /** Skips the test where the ranks would have no ring: no Unix socket route, or no ring directory. */
    private static void assumeRings() {
        assumeTrue(UnixDomainRoute.available() && MappedRing.directory() != null,
                "no Unix socket route or ring directory on this host");
    }

    private void connect() {
        assumeRings();
        t = TwoRanks.connect("mapped-data-test", LIMITS);
    }

    /** Connects the two ranks with {@code limits} and the system property {@code name} set to {@code value}. */
    private void connectWith(String name, String value, FrameLimits limits) {
        assumeRings();
        String before = System.getProperty(name);
        System.setProperty(name, value);
        try {
            t = TwoRanks.connect("mapped-data-test", limits);
        } finally {
            if (before == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, before);
            }
        }
    }

    @AfterEach
    void close() {
        if (t != null) {
            TwoRanks.close(t);
        }
    }

    private static Object filled(PayloadKind kind, int from, int length) {
        Object a = kind.newArray(length);
        for (int k = 0; k < length; k++) {
            Array.set(a, k, TestElements.of(kind, from, 0, k));
        }
        return a;
    }

    private Completion send(PayloadKind kind, int tag, Object array, int count) {
        Completion sent = new Completion();
        t[0].send(1, new Envelope(0, 0, tag, kind, count), array, SEND_AT, sent);
        return sent;
    }

    private ReceiveSlot post(PayloadKind kind, int tag, Object into, int count) {
        ReceiveSlot slot = new ReceiveSlot("recv", 1, 0, 0, 0, tag, into, RECEIVE_AT, count);
        t[1].engine().post(slot);
        return slot;
    }

    /** The receive buffer holds the slice sent at its offset, and its own values (seed 9) everywhere else. */
    private static void assertReceived(PayloadKind kind, Object sent, Object got, int count, String what) {
        int length = Array.getLength(got);
        for (int k = 0; k < length; k++) {
            boolean inSlice = k >= RECEIVE_AT && k < RECEIVE_AT + count;
            Object expected = inSlice ? Array.get(sent, k - RECEIVE_AT + SEND_AT) : TestElements.of(kind, 9, 0, k);
            if (!expected.equals(Array.get(got, k))) {
                throw new AssertionError(what + ", " + count + " " + kind + ": element " + k + " is "
                        + Array.get(got, k) + ", expected " + expected + (inSlice ? "" : " (outside the slice)"));
            }
        }
    }

    /** Sends each type at each size to a receive posted first, then three that arrive before their receives. */
    private long exchangeEveryTypeAndSize() {
        long bytes = 0;
        for (PayloadKind kind : KINDS) {
            for (int count : COUNTS) {
                Object got = filled(kind, 9, count + RECEIVE_AT + 4);
                ReceiveSlot slot = post(kind, 1, got, count);
                Object sent = filled(kind, 1, count + SEND_AT + 6);
                Completion done = send(kind, 1, sent, count);
                slot.await(t[1].engine());
                done.await(t[0].engine());
                assertReceived(kind, sent, got, count, "a receive posted first");

                List<Object> early = new ArrayList<>();
                List<Completion> sends = new ArrayList<>();
                for (int tag = 2; tag < 5; tag++) {
                    early.add(filled(kind, 20 + tag, count + SEND_AT + 6));
                    sends.add(send(kind, tag, early.get(tag - 2), count));
                }
                while (t[1].engine().probe(0, 0, 2) == null) {
                    Thread.onSpinWait();
                }
                for (int tag = 4; tag >= 2; tag--) {
                    Object into = filled(kind, 9, count + RECEIVE_AT + 4);
                    post(kind, tag, into, count).await(t[1].engine());
                    assertReceived(kind, early.get(tag - 2), into, count, "message " + tag + ", received after it"
                            + " arrived");
                }
                sends.forEach(s -> s.await(t[0].engine()));
                bytes += 4L * count * kind.bytesPerElement();
            }
        }
        return bytes;
    }

    @Test
    void largeMessagesOfEveryTypeGoThroughTheRingPushedAndAnnouncedAndArriveExact() {
        connect();
        long bytes = exchangeEveryTypeAndSize();
        long inRing = t[0].connectionTo(1).ringBytesSent();
        assertTrue(inRing > bytes / 2, inRing + " of " + bytes + " bytes went through the ring");
        assertEquals(0, t[1].connectionTo(0).ringBytesSent(), "rank 1 sent no large message, and made no ring");
    }

    @Test
    void withRingsOffTheSocketCarriesTheDataAndItArrivesExact() {
        connectWith("jomp.msg.socket.mappedData", "false", LIMITS);
        exchangeEveryTypeAndSize();
        assertEquals(0, t[0].connectionTo(1).ringBytesSent());
    }

    /**
     * Both ranks push a message of twice the ring's size to each other at once, each with its receive posted first
     * (as {@code sendrecv} does), round after round: each ring fills while its receiver is itself pushing, and each
     * pusher, waiting for room, reads what its peer pushed, so with a patience of a minute every piece goes through
     * the rings. A pusher that sent a piece through the socket whenever its ring was full would send most of them so.
     */
    @Test
    void ranksThatPushToEachOtherAtOnceEmptyEachOthersFullRingsAndSendEveryPieceThroughThem() {
        connectWith("jomp.msg.socket.ringPatienceMicros", "60000000",
                new FrameLimits(1000, 64 * 1024, 1 << 26, 8 << 20));
        int count = 2 * MappedRing.CAPACITY / Double.BYTES;
        int rounds = 6;
        Object[][] sent = new Object[2][rounds];
        Object[][] got = new Object[2][rounds];
        CompletableFuture<Void> first = CompletableFuture.runAsync(() -> pushRounds(0, rounds, count, sent, got));
        pushRounds(1, rounds, count, sent, got);
        first.join();
        for (int r = 0; r < 2; r++) {
            for (int k = 0; k < rounds; k++) {
                assertReceived(PayloadKind.DOUBLE, sent[1 - r][k], got[r][k], count, "round " + k + " to rank " + r);
            }
            assertEquals((long) rounds * count * Double.BYTES, t[r].connectionTo(1 - r).ringBytesSent(),
                    "rank " + r + ": bytes that went through its ring");
        }
    }

    /** Rank {@code r}'s rounds of the exchange above: receive posted, push, then both awaited. */
    private void pushRounds(int r, int rounds, int count, Object[][] sent, Object[][] got) {
        for (int k = 0; k < rounds; k++) {
            got[r][k] = filled(PayloadKind.DOUBLE, 9, count + RECEIVE_AT + 4);
            ReceiveSlot slot = new ReceiveSlot("recv", r, 0, 1 - r, 1 - r, k, got[r][k], RECEIVE_AT, count);
            t[r].engine().post(slot);
            sent[r][k] = filled(PayloadKind.DOUBLE, 10 * r + k, count + SEND_AT + 6);
            Completion done = new Completion();
            t[r].send(1 - r, new Envelope(0, r, k, PayloadKind.DOUBLE, count), sent[r][k], SEND_AT, done);
            slot.await(t[r].engine());
            done.await(t[r].engine());
        }
    }

    @Test
    void messagesFromSeveralThreadsAtOnceArriveExactWhetherTheirPiecesFindTheRingFullOrNot() {
        connect();
        int threads = 4;
        int perThread = 6;
        int count = 150_001;
        Object[][] sent = new Object[threads][perThread];
        Object[][] got = new Object[threads][perThread];
        List<ReceiveSlot> slots = new ArrayList<>();
        for (int th = 0; th < threads; th++) {
            for (int m = 0; m < perThread; m++) {
                sent[th][m] = filled(PayloadKind.DOUBLE, 100 * th + m, count + SEND_AT + 6);
                got[th][m] = filled(PayloadKind.DOUBLE, 9, count + RECEIVE_AT + 4);
                // Half the receives posted before the sends, half after.
                if (m % 2 == 0) {
                    slots.add(post(PayloadKind.DOUBLE, 10 * th + m, got[th][m], count));
                }
            }
        }
        List<CompletableFuture<Void>> senders = new ArrayList<>();
        for (int th = 0; th < threads; th++) {
            int thread = th;
            senders.add(CompletableFuture.runAsync(() -> {
                for (int m = 0; m < perThread; m++) {
                    send(PayloadKind.DOUBLE, 10 * thread + m, sent[thread][m], count).await(t[0].engine());
                }
            }));
        }
        for (int th = 0; th < threads; th++) {
            for (int m = 1; m < perThread; m += 2) {
                slots.add(post(PayloadKind.DOUBLE, 10 * th + m, got[th][m], count));
            }
        }
        slots.forEach(s -> s.await(t[1].engine()));
        senders.forEach(CompletableFuture::join);
        for (int th = 0; th < threads; th++) {
            for (int m = 0; m < perThread; m++) {
                assertReceived(PayloadKind.DOUBLE, sent[th][m], got[th][m], count, "thread " + th + " message " + m);
            }
        }
        assertTrue(t[0].connectionTo(1).ringBytesSent() > 0);
    }
}
