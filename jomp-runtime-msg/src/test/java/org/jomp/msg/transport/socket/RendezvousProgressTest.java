package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.ReceiveSlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A large message moves on while the rank at either end computes instead of waiting, announced (rendezvous) or pushed:
 * its reader threads read the clear-to-send (sending side) or the data (receiving side), so a pushed message's write,
 * which the sender finishes before its send returns, does not wait for a receiver that computes, and posting the
 * receive does not wait for the data. Both
 * ranks first exchange small messages without pause, so that the reader threads have kept out of the way for a while
 * and their watcher parks in long slices ({@link RankPolling#readerIdle}); the large message must still complete long
 * before the computing rank would have waited for it. Ranks are threads of this JVM, each with its own socket
 * transport.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RendezvousProgressTest {
    private static final int DOUBLES = 128 * 1024;
    private static final int ROUND_TRIPS = 3000;
    /** How long the computing rank leaves the transport alone: far longer than any hand-back or watcher slice. */
    private static final long COMPUTE_NANOS = TimeUnit.SECONDS.toNanos(3);

    /**
     * Two connected ranks. {@code push}: large messages within the default window are pushed, not announced, over
     * sockets with 64 KiB buffers, so that a pushed megabyte fits the sockets only once the receiver's readers take it.
     */
    private static SocketTransport[] connect(ExecutorService threads, boolean push) {
        FrameLimits d = FrameLimits.fromSystemProperties(2);
        FrameLimits limits = new FrameLimits(d.eagerLimit(), d.fragmentBytes(), d.maxMessageBytes(),
                push ? d.pushWindow() : 0);
        int port = JvmJob.freePort();
        String buffer = System.getProperty("jomp.msg.socket.buffer");
        if (push) {
            System.setProperty("jomp.msg.socket.buffer", "65536");
        }
        try {
            List<CompletableFuture<SocketTransport>> started = new ArrayList<>();
            for (int r = 0; r < 2; r++) {
                MeshConfig c = new MeshConfig(r, 2, new InetSocketAddress("127.0.0.1", port),
                        InetAddress.getLoopbackAddress(), "127.0.0.1", JobSecret.of("rendezvous-progress-test"),
                        30_000, limits, 50_000, 0, r, 1);
                started.add(CompletableFuture.supplyAsync(() -> Mesh.connect(c), threads));
            }
            return started.stream().map(CompletableFuture::join).toArray(SocketTransport[]::new);
        } finally {
            if (buffer == null) {
                System.clearProperty("jomp.msg.socket.buffer");
            } else {
                System.setProperty("jomp.msg.socket.buffer", buffer);
            }
        }
    }

    /** Round trips of one double between the two ranks, each wait polling its sockets. */
    private static void pingPong(SocketTransport t) {
        int me = t.rank();
        int other = 1 - me;
        double[] one = new double[1];
        for (int i = 0; i < ROUND_TRIPS; i++) {
            if (me == 0) {
                send(t, other, i, one, 1).await(t.engine());
                receive(t, other, i, one, 1).await(t.engine());
            } else {
                receive(t, other, i, one, 1).await(t.engine());
                send(t, other, i, one, 1).await(t.engine());
            }
        }
    }

    private static Completion send(SocketTransport t, int to, int tag, double[] data, int count) {
        Completion sent = new Completion();
        t.send(to, new Envelope(0, t.rank(), tag, PayloadKind.DOUBLE, count), data, 0, sent);
        return sent;
    }

    private static ReceiveSlot receive(SocketTransport t, int from, int tag, double[] into, int count) {
        ReceiveSlot slot = new ReceiveSlot("recv", t.rank(), 0, from, from, tag, into, 0, count);
        t.engine().post(slot);
        return slot;
    }

    /** Spins without touching the transport until {@code c} is done or the compute time is over. */
    private static boolean doneWhileComputing(Completion c) {
        long end = System.nanoTime() + COMPUTE_NANOS;
        while (!c.isDone() && System.nanoTime() < end) {
            Thread.onSpinWait();
        }
        return c.isDone();
    }

    /** Closes both ranks at once (each close waits for the other's goodbye), then their threads. */
    private static void close(SocketTransport[] t, ExecutorService threads) {
        CompletableFuture<?> a = CompletableFuture.runAsync(t[0]::close, threads);
        CompletableFuture<?> b = CompletableFuture.runAsync(t[1]::close, threads);
        a.join();
        b.join();
        threads.shutdown();
    }

    private static double value(int k) {
        return k * 0.25 + 7;
    }

    private static void run(boolean senderComputes, boolean push) {
        ExecutorService threads = Executors.newFixedThreadPool(2);
        SocketTransport[] t = connect(threads, push);
        try {
            CompletableFuture<Boolean> sender = CompletableFuture.supplyAsync(() -> {
                pingPong(t[0]);
                double[] big = new double[DOUBLES];
                for (int k = 0; k < DOUBLES; k++) {
                    big[k] = value(k);
                }
                Completion sent = send(t[0], 1, ROUND_TRIPS, big, DOUBLES);
                boolean progressed = !senderComputes || doneWhileComputing(sent);
                sent.await(t[0].engine());
                return progressed;
            }, threads);
            CompletableFuture<Boolean> receiver = CompletableFuture.supplyAsync(() -> {
                pingPong(t[1]);
                double[] in = new double[DOUBLES];
                ReceiveSlot slot = receive(t[1], 0, ROUND_TRIPS, in, DOUBLES);
                boolean progressed = senderComputes || doneWhileComputing(slot);
                slot.await(t[1].engine());
                for (int k = 0; k < DOUBLES; k += 997) {
                    assertEquals(value(k), in[k], "element " + k);
                }
                return progressed;
            }, threads);
            assertTrue(sender.join(), "the 1 MiB send did not complete while its rank computed for 3 s");
            assertTrue(receiver.join(), "the 1 MiB receive did not complete while its rank computed for 3 s");
        } finally {
            close(t, threads);
        }
    }

    /**
     * Posting a receive that matches a large message already announced asks for the data and returns: the data
     * comes in while the rank goes on (the receive half of a sendrecv then announces its own message at once, an
     * irecv overlaps computation). Posting it used to wait until all of the data was in. The sender's reader threads
     * are held out meanwhile (its rank counts as polling, and reads nothing), so nobody at the sender reads the
     * clear-to-send: the data cannot come before the test lets it, and a post that waited for it would not return.
     */
    @Test
    void aReceivePostedForAnAnnouncedMessageReturnsBeforeItsData() throws Exception {
        int doubles = 2 << 20;
        ExecutorService threads = Executors.newFixedThreadPool(2);
        SocketTransport[] t = connect(threads, false);
        try {
            double[] big = new double[doubles];
            for (int k = 0; k < doubles; k++) {
                big[k] = value(k);
            }
            t[1].polling().begin();
            Completion sent = send(t[1], 0, 5, big, doubles);
            // The announcement reaches rank 0's engine (through its reader thread) as an unexpected message.
            while (t[0].engine().probe(0, 1, 5) == null) {
                Thread.onSpinWait();
            }
            double[] in = new double[doubles];
            ReceiveSlot slot;
            try {
                slot = CompletableFuture.supplyAsync(() -> receive(t[0], 1, 5, in, doubles)).get(10, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                // Let the data come, so that the post returns and the ranks can close.
                t[1].polling().end(true, -1);
                throw new AssertionError("posting the receive waited for the data of the announced message", e);
            }
            assertFalse(slot.isDone(), "the receive completed before the sender could send its data");
            t[1].polling().end(true, -1);
            sent.await(t[1].engine());
            slot.await(t[0].engine());
            for (int k = 0; k < doubles; k += 997) {
                assertEquals(value(k), in[k], "element " + k);
            }
        } finally {
            close(t, threads);
        }
    }

    @ParameterizedTest(name = "pushed {0}")
    @ValueSource(booleans = {false, true})
    void aSendCompletesWhileTheSenderComputes(boolean push) {
        run(true, push);
    }

    @ParameterizedTest(name = "pushed {0}")
    @ValueSource(booleans = {false, true})
    void aReceiveCompletesWhileTheReceiverComputes(boolean push) {
        run(false, push);
    }
}
