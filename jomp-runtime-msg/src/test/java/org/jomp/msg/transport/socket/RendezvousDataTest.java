package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Array;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.MatchingEngine;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.ReceiveSlot;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Rendezvous data written by whichever thread may write it ({@link Connection}, {@link OutgoingData}): the waiting
 * rank thread between its polls, or the pump when the rank's wait ends with data unwritten or the rank thread would
 * block elsewhere; and read in pieces straight into the receive buffer. Two ranks as threads of this JVM, each with
 * its own socket transport and 8 KiB socket buffers, so that nearly every fragment is taken by the socket in part and
 * frames are left unfinished at every offset; fragments of 4 KiB, of one piece ({@link OutgoingData#PIECE}), and of
 * 2.5 pieces, whose frames are copied piece by piece; over TCP and over a Unix socket ({@link UnixDomainRoute});
 * every large message announced, or pushed while the credit of a window of three fragments lasts ({@link
 * PushedMessage}), so that pushed and announced messages mix and pushed ones arrive before and after their receives.
 * Both ranks send at once, in windows of sends and
 * receives waited for in an order that ends receive waits with sends still unwritten: every primitive type, sizes
 * that are not multiples of the fragment or of 8 bytes, eager and rendezvous messages mixed, slices at odd offsets,
 * half the receives posted before the data comes and half after (unexpected), matched by any source and any tag.
 * Each message must arrive whole, in the order sent, without touching the receive array outside its slice.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RendezvousDataTest {
    private static final PayloadKind[] KINDS = {PayloadKind.BYTE, PayloadKind.DOUBLE, PayloadKind.INT,
            PayloadKind.LONG, PayloadKind.FLOAT, PayloadKind.SHORT, PayloadKind.CHAR, PayloadKind.BOOLEAN};
    private static final int MESSAGES = 96;
    private static final int WINDOW = 6;

    /** Fragment size of this test's transports. */
    private int fragment;
    /** Push window of this test's transports (0: every large message waits for its clear-to-send). */
    private int window;

    /**
     * A pair of connected transports; {@code pollNanos} 0: the reader threads and the pump do all the work.
     * {@code unix}: connected over a Unix socket, else over TCP.
     */
    private SocketTransport[] connect(long pollNanos, boolean unix) {
        int port = JvmJob.freePort();
        String buffer = System.getProperty("jomp.msg.socket.buffer");
        String route = System.getProperty("jomp.msg.socket.unix");
        System.setProperty("jomp.msg.socket.buffer", "8192");
        System.setProperty("jomp.msg.socket.unix", String.valueOf(unix));
        try {
            CompletableFuture<SocketTransport> first = CompletableFuture.supplyAsync(
                    () -> Mesh.connect(config(0, port, pollNanos)));
            SocketTransport second = Mesh.connect(config(1, port, pollNanos));
            SocketTransport[] t = {first.join(), second};
            assertEquals(unix ? "from rank 0 over a Unix socket" : "from rank 0 at /127.0.0.1",
                    t[1].connectionTo(0).where.replaceAll(":\\d+$", ""));
            return t;
        } finally {
            restore("jomp.msg.socket.buffer", buffer);
            restore("jomp.msg.socket.unix", route);
        }
    }

    private static void restore(String property, String value) {
        if (value == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, value);
        }
    }

    private MeshConfig config(int rank, int port, long pollNanos) {
        return new MeshConfig(rank, 2, new InetSocketAddress("127.0.0.1", port), InetAddress.getLoopbackAddress(),
                "127.0.0.1", JobSecret.of("rendezvous-data-test"), 30_000,
                new FrameLimits(1000, fragment, 1 << 24, window),
                pollNanos, 0, rank, 1);
    }

    /** Elements in message {@code i}: most from half a fragment to several, ending inside one; some eager. */
    private int count(int i) {
        PayloadKind k = KINDS[i % KINDS.length];
        int bytes = i % 4 == 3 ? 1 + i * 7 : fragment * (1 + i % 5) / 2 + 8 * i + 3;
        return Math.max(1, bytes / k.bytesPerElement());
    }

    /** Message {@code i} from {@code from}, in an array with {@code lead} elements before it and 3 after. */
    private Object padded(int from, int i, int lead) {
        PayloadKind kind = KINDS[i % KINDS.length];
        int n = count(i);
        Object a = Array.newInstance(kind.arrayType().getComponentType(), lead + n + 3);
        for (int k = 0; k < n; k++) {
            Array.set(a, lead + k, TestElements.of(kind, from, i, k));
        }
        return a;
    }

    private record Receive(int index, ReceiveSlot slot, Object into) {
    }

    /**
     * Rank {@code t} sends its messages to the other rank and receives the other's, a window at a time: sends and
     * receives of the window started (even windows post the receives before the sends, odd ones after them and
     * after a pause, so the other rank's messages come unexpected), then the receives waited for before the sends.
     */
    private void exchange(SocketTransport t) throws InterruptedException {
        int me = t.rank();
        int other = 1 - me;
        for (int w = 0; w < MESSAGES; w += WINDOW) {
            boolean postFirst = (w / WINDOW) % 2 == 0;
            List<Receive> receives = new ArrayList<>();
            if (postFirst) {
                post(t, w, receives);
            }
            List<Completion> sends = new ArrayList<>();
            for (int i = w; i < w + WINDOW; i++) {
                int lead = i % 7;
                Completion sent = new Completion();
                PayloadKind kind = KINDS[i % KINDS.length];
                t.send(other, new Envelope(0, me, i % 3, kind, count(i)), padded(me, i, lead), lead, sent);
                sends.add(sent);
            }
            if (!postFirst) {
                Thread.sleep(20);
                post(t, w, receives);
            }
            for (Receive r : receives) {
                r.slot().await(t.engine());
                check(me, other, r);
            }
            for (Completion s : sends) {
                s.await(t.engine());
            }
        }
    }

    private void post(SocketTransport t, int w, List<Receive> receives) {
        for (int i = w; i < w + WINDOW; i++) {
            PayloadKind kind = KINDS[i % KINDS.length];
            Object into = Array.newInstance(kind.arrayType().getComponentType(), count(i) + 5 + 2);
            ReceiveSlot slot = new ReceiveSlot("recv", t.rank(), 0, MatchingEngine.ANY, MatchingEngine.ANY,
                    MatchingEngine.ANY, into, 5, count(i));
            t.engine().post(slot);
            receives.add(new Receive(i, slot, into));
        }
    }

    private void check(int me, int from, Receive r) {
        int i = r.index();
        PayloadKind kind = KINDS[i % KINDS.length];
        Envelope e = r.slot().envelope();
        String what = "rank " + me + ", message " + i + " (" + kind + " x " + count(i) + ")";
        assertEquals(i % 3, e.tag(), what + ": tag, so the messages came out of order");
        assertEquals(count(i), e.count(), what + ": count");
        Object zero = Array.get(Array.newInstance(kind.arrayType().getComponentType(), 1), 0);
        for (int k = 0; k < 5; k++) {
            assertEquals(zero, Array.get(r.into(), k), what + ": element " + k + " before the slice was written");
        }
        for (int k = 0; k < count(i); k++) {
            assertEquals(TestElements.of(kind, from, i, k), Array.get(r.into(), 5 + k), what + ": element " + k);
        }
        for (int k = 5 + count(i); k < Array.getLength(r.into()); k++) {
            assertEquals(zero, Array.get(r.into(), k), what + ": element " + k + " past the slice was written");
        }
    }

    @ParameterizedTest(name = "poll budget {0} ns, fragments of {1} bytes, Unix socket {2}, push window {3}")
    @CsvSource({"50000, 4096, false, 0", "1, 4096, false, 0", "0, 4096, false, 0", "50000, 131072, false, 0",
            "0, 131072, false, 0", "50000, 327680, false, 0", "0, 327680, false, 0",
            "50000, 4096, true, 0", "0, 4096, true, 0", "50000, 327680, true, 0", "0, 327680, true, 0",
            "50000, 4096, false, 12288", "0, 4096, false, 12288", "50000, 327680, false, 1048576",
            "0, 131072, false, 393216", "50000, 4096, true, 12288", "0, 327680, true, 1048576"})
    void messagesOfEveryTypeArriveWholeAndInOrderInBothDirections(long pollNanos, int fragmentBytes, boolean unix,
                                                                   int pushWindow) throws Exception {
        assumeTrue(!unix || UnixDomainRoute.available(), "no Unix sockets between ranks here");
        fragment = fragmentBytes;
        window = pushWindow;
        SocketTransport[] t = connect(pollNanos, unix);
        try {
            CompletableFuture<Void> other = CompletableFuture.runAsync(() -> {
                try {
                    exchange(t[1]);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            exchange(t[0]);
            other.join();
        } finally {
            CompletableFuture<Void> c = CompletableFuture.runAsync(t[0]::close);
            t[1].close();
            c.join();
        }
    }
}
