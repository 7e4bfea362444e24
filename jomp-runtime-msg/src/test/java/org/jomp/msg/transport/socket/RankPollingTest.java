package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.ReceiveSlot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The receiving rank thread reads its connection itself ({@link RankPolling}), and hands reading back to the reader
 * thread when it stops: a stream of eager and rendezvous messages, of odd sizes, arrives whole and in order either
 * way. Two ranks as threads of this JVM, each with its own socket transport, with small limits so that rendezvous
 * messages span several fragments and the polling thread must wait for the rest of a frame.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RankPollingTest {
    private static final FrameLimits LIMITS = new FrameLimits(1000, 4096, 1 << 24, 0);
    private static final int MESSAGES = 300;
    private final int port = JvmJob.freePort();
    private SocketTransport sender;
    private SocketTransport receiver;

    private MeshConfig config(int rank) {
        return new MeshConfig(rank, 2, new InetSocketAddress("127.0.0.1", port), InetAddress.getLoopbackAddress(),
                "127.0.0.1", JobSecret.of("rank-polling-test"), 30_000, LIMITS, 50_000, 0, rank, 1);
    }

    @BeforeEach
    void connect() {
        CompletableFuture<SocketTransport> rank0 = CompletableFuture.supplyAsync(() -> Mesh.connect(config(0)));
        receiver = Mesh.connect(config(1));
        sender = rank0.join();
    }

    @AfterEach
    void close() {
        CompletableFuture<Void> c = CompletableFuture.runAsync(sender::close);
        receiver.close();
        c.join();
    }

    /** Message {@code i}: an odd number of doubles, some eager, some rendezvous over several fragments. */
    private static double[] message(int i) {
        int n = i % 7 == 0 ? 3 * 4096 / 8 + 5 + i : 1 + i % 97;
        double[] a = new double[n];
        for (int k = 0; k < n; k++) {
            a[k] = i * 1e6 + k;
        }
        return a;
    }

    /** Sends every message from a thread of its own, from an odd offset of a larger array. */
    private CompletableFuture<Void> sendAll() {
        return CompletableFuture.runAsync(() -> {
            for (int i = 0; i < MESSAGES; i++) {
                double[] m = message(i);
                double[] padded = new double[m.length + 3];
                System.arraycopy(m, 0, padded, 3, m.length);
                Completion done = new Completion();
                sender.send(1, new Envelope(0, 0, 5, PayloadKind.DOUBLE, m.length), padded, 3, done);
                done.await(sender.engine());
            }
        });
    }

    private static ReceiveSlot slot(double[] into) {
        return new ReceiveSlot("recv", 1, 0, 0, 0, 5, into, 1, into.length - 1);
    }

    @Test
    void thePollingThreadReceivesTheStreamInOrder() {
        RankPolling polling = receiver.polling();
        polling.begin();
        Thread self = Thread.currentThread();
        AtomicInteger byThisThread = new AtomicInteger();
        List<double[]> got = new ArrayList<>();
        List<ReceiveSlot> slots = new ArrayList<>();
        for (int i = 0; i < MESSAGES; i++) {
            double[] into = new double[message(i).length + 1];
            ReceiveSlot s = slot(into);
            s.whenDone(() -> {
                if (Thread.currentThread() == self) {
                    byThisThread.incrementAndGet();
                }
            });
            got.add(into);
            slots.add(s);
            receiver.engine().post(s);
        }
        CompletableFuture<Void> sent = sendAll();
        try {
            for (ReceiveSlot s : slots) {
                while (!s.isDone()) {
                    polling.poll();
                }
            }
        } finally {
            polling.end(true, -1);
        }
        sent.join();
        check(got);
        // The reader thread may have taken a frame that came before it saw the rank polling, then it parks.
        assertTrue(byThisThread.get() >= MESSAGES - 2, "only " + byThisThread.get() + " of " + MESSAGES
                + " messages were read by the polling thread");
    }

    @Test
    void theReaderTakesOverWhenThePollingThreadStops() {
        RankPolling polling = receiver.polling();
        List<double[]> got = new ArrayList<>();
        CompletableFuture<Void> sent = sendAll();
        for (int i = 0; i < MESSAGES; i++) {
            double[] into = new double[message(i).length + 1];
            ReceiveSlot s = slot(into);
            receiver.engine().post(s);
            if (i % 2 == 0) {
                // Poll a little, then give up as a wait past its budget does: the reader must deliver the rest.
                polling.begin();
                for (int k = 0; k < 10 && !s.isDone(); k++) {
                    polling.poll();
                }
                polling.end(s.isDone(), -1);
            }
            s.await(receiver.engine());
            got.add(into);
        }
        sent.join();
        check(got);
    }

    private static void check(List<double[]> got) {
        assertEquals(MESSAGES, got.size());
        for (int i = 0; i < MESSAGES; i++) {
            double[] want = message(i);
            double[] into = got.get(i);
            double[] slice = new double[want.length];
            System.arraycopy(into, 1, slice, 0, want.length);
            assertArrayEquals(want, slice, "message " + i);
            assertEquals(0.0, into[0], "message " + i + " wrote before its offset");
        }
    }
}
