package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

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
 * A waiting rank thread whose poll budget is spent blocks in its own selector and reads what arrives itself
 * ({@link RankPolling#block}): with a budget of one nanosecond every wait soon takes that path (at once on a quiet
 * machine; on a busy one after its yielding polls). Two ranks as
 * threads of this JVM, each with its own socket transport, small limits so that rendezvous messages span several
 * fragments; messages of odd sizes at odd offsets, eager and rendezvous mixed, received with wildcards, in both
 * directions at once.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class BlockedWaitTest {
    private static final FrameLimits LIMITS = new FrameLimits(1000, 4096, 1 << 24, 0);
    private static final int MESSAGES = 300;
    private final int port = JvmJob.freePort();
    private SocketTransport rank0;
    private SocketTransport rank1;

    private MeshConfig config(int rank) {
        return new MeshConfig(rank, 2, new InetSocketAddress("127.0.0.1", port), InetAddress.getLoopbackAddress(),
                "127.0.0.1", JobSecret.of("blocked-wait-test"), 30_000, LIMITS, 1, 0, rank, 1);
    }

    @BeforeEach
    void connect() {
        CompletableFuture<SocketTransport> first = CompletableFuture.supplyAsync(() -> Mesh.connect(config(0)));
        rank1 = Mesh.connect(config(1));
        rank0 = first.join();
    }

    @AfterEach
    void close() {
        CompletableFuture<Void> c = CompletableFuture.runAsync(rank0::close);
        rank1.close();
        c.join();
    }

    /** Message {@code i} from rank {@code from}: some eager, some rendezvous over several fragments. */
    private static byte[] message(int from, int i) {
        int n = i % 5 == 0 ? 3 * 4096 + 7 + i : 1 + i % 131;
        byte[] a = new byte[n];
        for (int k = 0; k < n; k++) {
            a[k] = (byte) (from * 31 + i * 7 + k);
        }
        return a;
    }

    /**
     * Sends its stream to the other rank (each message from offset 5 of a larger array) while receiving the other
     * rank's with any source and any tag; returns how many of its receives this thread completed itself.
     */
    private static int exchange(SocketTransport t) {
        int me = t.rank();
        int other = 1 - me;
        Thread self = Thread.currentThread();
        AtomicInteger byThisThread = new AtomicInteger();
        for (int i = 0; i < MESSAGES; i++) {
            byte[] m = message(me, i);
            byte[] padded = new byte[m.length + 9];
            System.arraycopy(m, 0, padded, 5, m.length);
            Completion sent = new Completion();
            t.send(other, new Envelope(0, me, i % 3, PayloadKind.BYTE, m.length), padded, 5, sent);

            byte[] want = message(other, i);
            byte[] into = new byte[want.length + 4];
            ReceiveSlot r = new ReceiveSlot("recv", me, 0, MatchingEngine.ANY, MatchingEngine.ANY,
                    MatchingEngine.ANY, into, 3, want.length);
            r.whenDone(() -> {
                if (Thread.currentThread() == self) {
                    byThisThread.incrementAndGet();
                }
            });
            t.engine().post(r);
            r.await(t.engine());
            sent.await(t.engine());
            byte[] slice = new byte[want.length];
            System.arraycopy(into, 3, slice, 0, want.length);
            assertArrayEquals(want, slice, "rank " + me + ", message " + i);
            assertEquals(0, into[0] | into[1] | into[2], "rank " + me + ", message " + i + " wrote before its offset");
            assertEquals(0, into[into.length - 1], "rank " + me + ", message " + i + " wrote past its end");
        }
        return byThisThread.get();
    }

    @Test
    void blockedWaitersReadBothStreamsWholeAndInOrder() {
        CompletableFuture<Integer> other = CompletableFuture.supplyAsync(() -> exchange(rank1));
        int mine = exchange(rank0);
        int theirs = other.join();
        // A reader thread may take a frame before it notices a rank waiting; after that it keeps out of the way.
        assertTrue(mine >= MESSAGES / 2 && theirs >= MESSAGES / 2, "the waiting threads completed only " + mine
                + " and " + theirs + " of their " + MESSAGES + " receives themselves");
    }
}
