package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.ReceiveSlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A rank thread that waits for one message of a stream reads no further than its reads bring ({@link
 * Connection#poll}): a frame that one read only began waits for the next poll, by which time its receive is
 * posted. Finishing it at once read on into the frame after it, and on, for as long as the sender kept up, and
 * every message read ahead of its receive took a buffer of its own. Two ranks as threads of this JVM over TCP;
 * rank 0 sends a stream of eager messages at the limit while rank 1 receives them one by one.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ReadAheadTest {
    private static final int EAGER = 64 * 1024;
    private static final int MESSAGES = 3000;
    private static final int DOUBLES = EAGER / Double.BYTES;

    private static MeshConfig config(int rank, int port) {
        return new MeshConfig(rank, 2, new InetSocketAddress("127.0.0.1", port), InetAddress.getLoopbackAddress(),
                "127.0.0.1", JobSecret.of("read-ahead-test-secret"), 30_000,
                new FrameLimits(EAGER, 1 << 20, 1 << 24, 0),
                50_000, 0, rank, 1);
    }

    @Test
    void aWaitingRankThreadDoesNotReadAheadOfItsReceives() {
        int port = JvmJob.freePort();
        CompletableFuture<SocketTransport> first = CompletableFuture.supplyAsync(() -> Mesh.connect(config(0, port)));
        SocketTransport receiver = Mesh.connect(config(1, port));
        SocketTransport sender = first.join();
        try {
            CompletableFuture<Void> stream = CompletableFuture.runAsync(() -> {
                double[] a = new double[DOUBLES];
                for (int m = 0; m < MESSAGES; m++) {
                    a[m % DOUBLES] = m;
                    Completion sent = new Completion();
                    sender.send(1, new Envelope(0, 0, 7, PayloadKind.DOUBLE, DOUBLES), a, 0, sent);
                    sent.await(sender.engine());
                    a[m % DOUBLES] = 0;
                }
            });
            double[] into = new double[DOUBLES];
            for (int m = 0; m < MESSAGES; m++) {
                ReceiveSlot slot = new ReceiveSlot("recv", 1, 0, 0, 0, 7, into, 0, DOUBLES);
                receiver.engine().post(slot);
                slot.await(receiver.engine());
                assertEquals(m, into[m % DOUBLES], "message " + m + " in order and whole");
                into[m % DOUBLES] = 0;
            }
            stream.join();
            // Buffers are reused, so they count what was read ahead at once: 1-44 here on an idle machine, 194
            // with three busy loops beside the test (a reader thread drains the socket while the rank thread is
            // descheduled). Reading ahead without end took 2,349-2,999.
            int allocated = receiver.unexpectedBuffers().allocated();
            assertTrue(allocated < MESSAGES / 4, allocated + " buffers for messages read ahead of " + MESSAGES);
        } finally {
            CompletableFuture<Void> c = CompletableFuture.runAsync(sender::close);
            receiver.close();
            c.join();
        }
    }
}
