package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.ReceiveSlot;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Rendezvous messages passed round a ring, every rank at once, as a ring allgather or the allgather half of a large
 * bcast does: each rank receives from the rank before it and sends to the rank after it. A polling rank thread that
 * reads the data of its receive itself must go on reading its other connections while that data is late: the rank
 * before sends it only once it has read this rank's clear-to-send, and while that rank polls, only its own thread
 * reads its connections. Before {@link RankPolling#awaitMidFrame} every rank could end up reading its left
 * neighbour's data with its right neighbour's clear-to-send unread, and the ring deadlocked until the silent-peer
 * timeout failed the job (a bcast of 1 MB on 4 socket ranks, about one run in five). Ranks are threads of this JVM,
 * each with its own socket transport, with small socket buffers so that the data stalls in the middle of frames;
 * without the fix the 4-rank ring with 128 KiB fragments hung until the time limit.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RendezvousRingTest {
    private static final int ROUNDS = 300;
    private static final int DOUBLES = 128 * 1024;

    private static SocketTransport[] connect(int n, int fragment, ExecutorService threads) {
        int port = JvmJob.freePort();
        String before = System.getProperty("jomp.msg.socket.buffer");
        System.setProperty("jomp.msg.socket.buffer", "16384");
        try {
            List<CompletableFuture<SocketTransport>> started = new ArrayList<>();
            for (int r = 0; r < n; r++) {
                MeshConfig c = new MeshConfig(r, n, new InetSocketAddress("127.0.0.1", port),
                        InetAddress.getLoopbackAddress(), "127.0.0.1", JobSecret.of("rendezvous-ring-test"), 30_000,
                        new FrameLimits(1000, fragment, 1 << 24, 0), 50_000, 0, r, 1);
                started.add(CompletableFuture.supplyAsync(() -> Mesh.connect(c), threads));
            }
            return started.stream().map(CompletableFuture::join).toArray(SocketTransport[]::new);
        } finally {
            if (before == null) {
                System.clearProperty("jomp.msg.socket.buffer");
            } else {
                System.setProperty("jomp.msg.socket.buffer", before);
            }
        }
    }

    private static double value(int from, int round, int k) {
        return from * 1e7 + round * 1e5 + k;
    }

    /** One rank's rounds: receive from the left while sending to the right, then check what came. */
    private static void ring(SocketTransport t, int n) {
        int me = t.rank();
        int left = (me + n - 1) % n;
        int right = (me + 1) % n;
        double[] out = new double[DOUBLES];
        double[] in = new double[DOUBLES];
        for (int round = 0; round < ROUNDS; round++) {
            for (int k = 0; k < DOUBLES; k++) {
                out[k] = value(me, round, k);
            }
            ReceiveSlot slot = new ReceiveSlot("sendrecv", me, 0, left, left, round, in, 0, DOUBLES);
            t.engine().post(slot);
            Completion sent = new Completion();
            t.send(right, new Envelope(0, me, round, PayloadKind.DOUBLE, DOUBLES), out, 0, sent);
            slot.await(t.engine());
            sent.await(t.engine());
            for (int k = 0; k < DOUBLES; k += 4099) {
                assertEquals(value(left, round, k), in[k], "rank " + me + ", round " + round + ", element " + k);
            }
        }
    }

    @ParameterizedTest(name = "{0} ranks, fragments of {1} bytes")
    @CsvSource({"3, 131072", "4, 131072", "4, 1048576"})
    void everyRankReceivesFromTheLeftWhileSendingToTheRight(int n, int fragment) {
        // A thread per rank: they all block at once (the common pool may have fewer threads than ranks).
        ExecutorService threads = Executors.newFixedThreadPool(n);
        SocketTransport[] t = connect(n, fragment, threads);
        try {
            List<CompletableFuture<Void>> ranks = new ArrayList<>();
            for (SocketTransport rank : t) {
                ranks.add(CompletableFuture.runAsync(() -> ring(rank, n), threads));
            }
            ranks.forEach(CompletableFuture::join);
        } finally {
            List<CompletableFuture<Void>> closed = new ArrayList<>();
            for (SocketTransport rank : t) {
                closed.add(CompletableFuture.runAsync(rank::close, threads));
            }
            closed.forEach(CompletableFuture::join);
            threads.shutdown();
        }
    }
}
