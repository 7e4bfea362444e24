package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.net.UnixDomainSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;

import org.jomp.msg.Comm;
import org.jomp.msg.RankFailedException;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.PayloadKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Strangers and garbage on the sockets of a job, with the ranks as threads of this JVM (each with its own socket
 * transport, on loopback) and the test playing the stranger.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class MeshSecurityTest {
    private final List<String> warnings = new CopyOnWriteArrayList<>();
    private final Logger meshLog = Logger.getLogger(Mesh.class.getName());
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord r) {
            warnings.add(java.text.MessageFormat.format(r.getMessage(), r.getParameters()));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private final String secret = JobSecret.randomText();
    private final int port = JvmJob.freePort();

    @BeforeEach
    void captureLog() {
        meshLog.addHandler(capture);
    }

    @AfterEach
    void releaseLog() {
        meshLog.removeHandler(capture);
    }

    private MeshConfig config(int rank, int size) {
        return MeshConfig.of(rank, size, new InetSocketAddress("127.0.0.1", port), InetAddress.getLoopbackAddress(),
                "127.0.0.1", JobSecret.of(secret), 30_000);
    }

    @Test
    void strangersAreRefusedAndLoggedAndTheJobStillForms() throws Exception {
        CompletableFuture<SocketTransport> rank0 = CompletableFuture.supplyAsync(() -> Mesh.connect(config(0, 2)));
        // A stranger speaking another protocol.
        try (SocketChannel http = connectToMaster()) {
            http.write(ByteBuffer.wrap(("GET / HTTP/1.1\r\nHost: x\r\n\r\n" + "x".repeat(40))
                    .getBytes(StandardCharsets.US_ASCII)));
            assertEquals(-1, readToEnd(http), "the stranger's connection should be closed");
        }
        // A stranger that knows the protocol but not the secret: its proof is wrong.
        try (SocketChannel guesser = connectToMaster()) {
            ByteBuffer hello = ByteBuffer.allocate(46).order(Frame.ORDER);
            hello.putInt(Handshake.MAGIC).put(Frame.VERSION).put((byte) Handshake.Purpose.REGISTER.ordinal())
                    .putInt(1).putInt(2).put(new byte[32]).flip();
            guesser.write(hello);
            ByteBuffer challenge = ByteBuffer.allocate(64);
            while (challenge.hasRemaining() && guesser.read(challenge) >= 0) {
                Thread.onSpinWait();
            }
            guesser.write(ByteBuffer.wrap(new byte[32]));
            assertEquals(-1, readToEnd(guesser), "a wrong proof should be answered by closing");
        }
        // A rank of another job (another secret) is refused too, and learns why.
        MeshConfig other = MeshConfig.of(1, 2, new InetSocketAddress("127.0.0.1", port),
                InetAddress.getLoopbackAddress(), "127.0.0.1", JobSecret.of(JobSecret.randomText()), 3_000);
        RuntimeException e = assertThrows(RuntimeException.class, () -> Mesh.connect(other));
        assertTrue(e.getMessage().contains("did not prove the job secret"), e.getMessage());

        SocketTransport t1 = Mesh.connect(config(1, 2));
        SocketTransport t0 = rank0.get(30, TimeUnit.SECONDS);
        passesAMessageAndCloses(t0, t1);

        assertTrue(warnings.stream().anyMatch(w -> w.contains("refused a connection from /127.0.0.1:")
                        && w.contains("not a JOMP rank")),
                warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.contains("did not prove the job secret")), warnings.toString());
    }

    @Test
    void aGarbageFrameFromAnAuthenticatedPeerFailsItWithAClearError() throws Exception {
        ByteBuffer garbage = ByteBuffer.allocate(Frame.HEADER_BYTES);
        garbage.put("This is not a frame header, at all!!!!!".getBytes(StandardCharsets.US_ASCII));
        garbage.put((byte) '!').flip();
        peerSendsAndFails(garbage, "bad magic");
    }

    @Test
    void aPeerThatPushesBeyondItsCreditFailsWithAClearError() throws Exception {
        // Pushes of the largest size, one more than the window of a 2-rank job holds.
        int window = FrameLimits.defaultPushWindow(2);
        int size = FrameLimits.LARGEST_PUSH;
        int n = window / size + 1;
        ByteBuffer pushes = ByteBuffer.allocate(n * Frame.HEADER_BYTES).order(Frame.ORDER);
        for (long id = 1; id <= n; id++) {
            Frame.message(FrameKind.PUSH, new Envelope(0, 1, 9, PayloadKind.BYTE, size), 0, id).write(pushes);
        }
        peerSendsAndFails(pushes.flip(), "PUSH of " + size + " bytes exceeds the credit granted ("
                + (window % size) + " bytes left of the push window " + window + ")");
    }

    @Test
    void aPushedMessageWhoseDataSkipsAheadFailsItsPeerWithAClearError() throws Exception {
        ByteBuffer frames = ByteBuffer.allocate(2 * Frame.HEADER_BYTES + 8).order(Frame.ORDER);
        Frame.message(FrameKind.PUSH, new Envelope(0, 1, 9, PayloadKind.BYTE, 100_000), 0, 1).write(frames);
        Frame.control(FrameKind.DATA, 1, 4096, 8).write(frames);
        frames.putLong(0);
        peerSendsAndFails(frames.flip(), "DATA fragment [4096, +8) of pushed message 1 of 100000 bytes does not"
                + " follow the 0 bytes received");
    }

    @Test
    void aRingOverTcpFailsItsPeerWithAClearError() throws Exception {
        byte[] name = ("/dev/shm/" + MappedRing.PREFIX + "x").getBytes(StandardCharsets.UTF_8);
        ByteBuffer ring = ByteBuffer.allocate(Frame.HEADER_BYTES + name.length).order(Frame.ORDER);
        Frame.control(FrameKind.RING, 0, 0, name.length).write(ring);
        peerSendsAndFails(ring.put(name).flip(), "RING over TCP");
    }

    @Test
    void aPieceInNoRingFailsItsPeerWithAClearError() throws Exception {
        ByteBuffer frames = ByteBuffer.allocate(Frame.HEADER_BYTES).order(Frame.ORDER);
        Frame.mapped(1, 0, 8).write(frames);
        peerSendsAndFails(frames.flip(), "MAPPED piece before any RING frame");
    }

    /**
     * Plays rank 1 of a 2-rank job by hand (register, read the table, open the peer connection) and sends
     * {@code bytes} on the peer connection: rank 0's next receive must fail naming rank 1 and {@code why}.
     */
    private void peerSendsAndFails(ByteBuffer bytes, String why) throws Exception {
        CompletableFuture<SocketTransport> rank0 = CompletableFuture.supplyAsync(() -> Mesh.connect(config(0, 2)));
        JobSecret s = JobSecret.of(secret);
        Deadline d = Deadline.in(20_000, "test");
        try (SocketChannel reg = connectToMaster()) {
            reg.configureBlocking(false);
            Handshake.client(reg, s, Handshake.Purpose.REGISTER, 1, 2, d, "rank 0");
            byte[] host = "127.0.0.1".getBytes(StandardCharsets.UTF_8);
            // Port, host, and no host key or Unix socket path.
            ByteBuffer b = ByteBuffer.allocate(10 + host.length).order(Frame.ORDER);
            b.putInt(1).putShort((short) host.length).put(host).putShort((short) 0).putShort((short) 0).flip();
            d.writeFully(reg, b);
            assertEquals(-1, readToEnd(reg), "rank 0 closes the registration after sending the table");
        }
        try (SocketChannel peer = connectToMaster()) {
            peer.configureBlocking(false);
            Handshake.client(peer, s, Handshake.Purpose.PEER, 1, 2, d, "rank 0");
            SocketTransport t0 = rank0.get(30, TimeUnit.SECONDS);
            Comm w0 = Comm.createWorld(t0, getClass().getClassLoader());
            d.writeFully(peer, bytes);
            RankFailedException f = assertThrows(RankFailedException.class,
                    () -> w0.recv(new int[1], 0, 1, 1, 0));
            assertEquals(1, f.failedRank());
            assertTrue(f.getMessage().contains("invalid frame from rank 1") && f.getMessage().contains(why),
                    f.getMessage());
            t0.close();
        }
    }

    @Test
    void strangersOnTheUnixSocketAreRefusedAndItsDirectoryIsPrivateAndGoesOnceTheJobForms(@TempDir Path base)
            throws Exception {
        assumeTrue(UnixDomainRoute.available(), "no Unix sockets between ranks here (not Linux)");
        String before = System.getProperty("jomp.msg.socket.unixDir");
        System.setProperty("jomp.msg.socket.unixDir", base.toString());
        try {
            CompletableFuture<SocketTransport> rank0 = CompletableFuture.supplyAsync(
                    () -> Mesh.connect(config(0, 2)));
            Path socket = awaitSocketOfRank0(base);
            assertEquals(PosixFilePermissions.fromString("rwx------"),
                    Files.getPosixFilePermissions(socket.getParent()), "the socket's directory is its user's only");
            try (SocketChannel http = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
                http.write(ByteBuffer.wrap(("GET / HTTP/1.1\r\nHost: x\r\n\r\n" + "x".repeat(40))
                        .getBytes(StandardCharsets.US_ASCII)));
                assertEquals(-1, readToEndOfUnix(http), "the stranger's connection should be closed");
            }
            SocketTransport t1 = Mesh.connect(config(1, 2));
            SocketTransport t0 = rank0.get(30, TimeUnit.SECONDS);
            assertEquals("from rank 1 over a Unix socket", t0.connectionTo(1).where);
            try (Stream<Path> left = Files.list(base)) {
                assertEquals(List.of(), left.toList(), "the directories of both ranks are deleted");
            }
            passesAMessageAndCloses(t0, t1);
        } finally {
            if (before == null) {
                System.clearProperty("jomp.msg.socket.unixDir");
            } else {
                System.setProperty("jomp.msg.socket.unixDir", before);
            }
        }
        assertTrue(warnings.stream().anyMatch(w -> w.contains("refused a connection over a Unix socket: ")
                && w.contains("not a JOMP rank")), warnings.toString());
    }

    /** The mesh formed: rank 1 sends rank 0 a message, then both close. */
    private void passesAMessageAndCloses(SocketTransport t0, SocketTransport t1) throws Exception {
        Comm w0 = Comm.createWorld(t0, getClass().getClassLoader());
        Comm w1 = Comm.createWorld(t1, getClass().getClassLoader());
        w1.send(new int[] {42}, 0, 1, 0, 3);
        int[] got = new int[1];
        w0.recv(got, 0, 1, 1, 3);
        assertEquals(42, got[0]);
        CompletableFuture<Void> closing = CompletableFuture.runAsync(t1::close);
        t0.close();
        closing.get(10, TimeUnit.SECONDS);
    }

    /** The Unix socket rank 0 listens on, once it is there: {@code base/jomp<random>/r0}. */
    private static Path awaitSocketOfRank0(Path base) throws IOException, InterruptedException {
        for (int attempt = 0; attempt < 400; attempt++) {
            try (Stream<Path> dirs = Files.list(base)) {
                for (Path d : dirs.toList()) {
                    if (Files.exists(d.resolve("r0"))) {
                        return d.resolve("r0");
                    }
                }
            }
            Thread.sleep(25);
        }
        throw new AssertionError("rank 0 did not listen on a Unix socket under " + base);
    }

    /** Like {@link #readToEnd}, for a Unix socket (no socket adaptor, so no read timeout). */
    private static int readToEndOfUnix(SocketChannel ch) throws IOException, InterruptedException {
        ch.configureBlocking(false);
        ByteBuffer b = ByteBuffer.allocate(256);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < end) {
            try {
                if (ch.read(b.clear()) < 0) {
                    return -1;
                }
            } catch (IOException e) {
                return -1;
            }
            Thread.sleep(5);
        }
        return 0;
    }

    private SocketChannel connectToMaster() throws IOException, InterruptedException {
        for (int attempt = 0; ; attempt++) {
            try {
                return SocketChannel.open(new InetSocketAddress("127.0.0.1", port));
            } catch (java.net.ConnectException e) {
                if (attempt > 200) {
                    throw e;
                }
                Thread.sleep(50);
            }
        }
    }

    /** Reads until the peer closes or resets the connection (returns -1) or 10 s pass (returns 0). */
    private static int readToEnd(SocketChannel ch) throws IOException {
        ch.configureBlocking(true);
        ch.socket().setSoTimeout(10_000);
        var in = ch.socket().getInputStream();
        try {
            while (in.read() >= 0) {
                Thread.onSpinWait();
            }
            return -1;
        } catch (java.net.SocketTimeoutException e) {
            return 0;
        } catch (java.net.SocketException e) {
            return -1;
        }
    }
}
