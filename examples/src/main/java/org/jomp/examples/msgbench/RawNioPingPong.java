package org.jomp.examples.msgbench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The floors for ranks that talk over sockets: plain Java NIO, two threads of this JVM over a loopback TCP
 * connection ({@code TCP_NODELAY}) or a Unix domain socket ({@link #openUnix}), one direct buffer per side; each
 * message is copied from a {@code byte[]} into the direct buffer, written whole, read whole and copied out, as a
 * socket transport must. No framing, no matching,
 * no threads besides the two players. Either blocking channels (a naive Java socket program: every message wakes
 * the reader) or non-blocking ones that the players poll without pause (as Open MPI's TCP transport polls: the
 * least a Java program can pay per message, at the price of a core per waiting player).
 */
final class RawNioPingPong implements AutoCloseable {
    private final SocketChannel left;
    private final SocketChannel right;

    private RawNioPingPong(SocketChannel left, SocketChannel right) {
        this.left = left;
        this.right = right;
    }

    /** Blocking channels. */
    static RawNioPingPong open() throws IOException {
        return open(false);
    }

    /** Blocking channels, or non-blocking ones read and written in a busy loop when {@code polling}. */
    static RawNioPingPong open(boolean polling) throws IOException {
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            SocketChannel l = SocketChannel.open(server.getLocalAddress());
            SocketChannel r = server.accept();
            for (SocketChannel c : new SocketChannel[] {l, r}) {
                c.setOption(StandardSocketOptions.TCP_NODELAY, true);
                c.configureBlocking(!polling);
            }
            return new RawNioPingPong(l, r);
        }
    }

    /**
     * Non-blocking channels over a Unix domain socket, polled: the floor for socket ranks of one host, which JOMP
     * connects that way. Each side asks for a 4 MiB send buffer, as JOMP's connections do; the socket's path is
     * deleted once connected.
     */
    static RawNioPingPong openUnix() throws IOException {
        Path dir = Files.createTempDirectory("jomp-raw");
        Path path = dir.resolve("s");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(path));
            SocketChannel l = SocketChannel.open(server.getLocalAddress());
            SocketChannel r = server.accept();
            for (SocketChannel c : new SocketChannel[] {l, r}) {
                c.setOption(StandardSocketOptions.SO_SNDBUF, 4 << 20);
                c.configureBlocking(false);
            }
            return new RawNioPingPong(l, r);
        } finally {
            Files.deleteIfExists(path);
            Files.deleteIfExists(dir);
        }
    }

    /** One-way microseconds for {@code bytes}-byte messages, one figure per sample. */
    List<Double> measure(int bytes, int samples, double sampleMicros) throws Exception {
        List<Double> out = new ArrayList<>();
        int iters = 4;
        for (int s = -2; s < samples; s++) {
            double perRoundTrip = run(bytes, iters) / iters;
            if (s >= 0) {
                out.add(perRoundTrip / 2);
            }
            iters = (int) Math.max(1, Math.min(1_000_000, sampleMicros / Math.max(perRoundTrip, 0.01)));
        }
        return out;
    }

    /** {@code iters} round trips of {@code bytes}; returns elapsed microseconds. */
    private double run(int bytes, int iters) throws Exception {
        Player echo = new Player(right, bytes);
        Thread partner = new Thread(() -> {
            try {
                for (int i = 0; i < iters; i++) {
                    echo.receive();
                    echo.send();
                }
            } catch (IOException e) {
                // Closing ends the main player's blocked read with an error instead of a hang.
                closeQuietly();
            }
        }, "raw-nio-partner");
        partner.start();
        Player me = new Player(left, bytes);
        long t0 = System.nanoTime();
        for (int i = 0; i < iters; i++) {
            me.send();
            me.receive();
        }
        long t = System.nanoTime() - t0;
        partner.join();
        return t / 1e3;
    }

    /** One side: its array, its direct buffer, its channel. */
    private static final class Player {
        private final SocketChannel channel;
        private final byte[] array;
        private final ByteBuffer direct;

        Player(SocketChannel channel, int bytes) {
            this.channel = channel;
            this.array = new byte[bytes];
            this.direct = ByteBuffer.allocateDirect(Math.max(1, bytes));
        }

        void send() throws IOException {
            direct.clear();
            direct.put(array).flip();
            while (direct.hasRemaining()) {
                if (channel.write(direct) == 0) {
                    Thread.onSpinWait();
                }
            }
        }

        void receive() throws IOException {
            direct.clear().limit(array.length);
            while (direct.hasRemaining()) {
                int n = channel.read(direct);
                if (n < 0) {
                    throw new IOException("raw NIO ping-pong: connection closed");
                }
                if (n == 0) {
                    Thread.onSpinWait();
                }
            }
            direct.flip();
            direct.get(array);
        }
    }

    private void closeQuietly() {
        try {
            close();
        } catch (IOException e) {
            // Already closing because of a failure: nothing more to report.
        }
    }

    @Override
    public void close() throws IOException {
        left.close();
        right.close();
    }
}
