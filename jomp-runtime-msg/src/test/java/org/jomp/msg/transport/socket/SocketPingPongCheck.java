package org.jomp.msg.transport.socket;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

import org.jomp.msg.Comm;

/**
 * A quick latency and bandwidth check of the socket transport between two JVMs, beside a raw blocking NIO
 * ping-pong between the same two JVMs in the same run (not a unit test, not the official benchmark):
 * {@code bin/jomprun -np 2 -cp target/classes:target/test-classes org.jomp.msg.transport.socket.SocketPingPongCheck}.
 * Prints the best of three one-way times and the bandwidth per size, for JOMP and for raw NIO.
 */
public final class SocketPingPongCheck {
    private static final int[] SIZES = {1, 1024, 64 * 1024, 1 << 20, 8 << 20};

    private SocketPingPongCheck() {
    }

    public static void main(String[] args) throws IOException {
        Comm world = Comm.init(args);
        int r = world.rank();
        int peer = 1 - r;
        double[] jomp = new double[SIZES.length];
        for (int k = 0; k < SIZES.length; k++) {
            int size = SIZES[k];
            byte[] buf = new byte[size];
            double best = Double.MAX_VALUE;
            for (int rep = 0; rep < 3; rep++) {
                world.barrier();
                int iters = iterations(size);
                long t0 = System.nanoTime();
                for (int i = 0; i < iters; i++) {
                    if (r == 0) {
                        world.send(buf, 0, size, peer, 0);
                        world.recv(buf, 0, size, peer, 0);
                    } else {
                        world.recv(buf, 0, size, peer, 0);
                        world.send(buf, 0, size, peer, 0);
                    }
                }
                best = Math.min(best, (System.nanoTime() - t0) / 2.0 / iters);
            }
            jomp[k] = best;
        }
        double[] raw = rawPingPong(world, r);
        if (r == 0) {
            System.out.printf("%10s %14s %10s %14s %10s%n", "bytes", "JOMP us", "JOMP GB/s", "raw NIO us",
                    "raw GB/s");
            for (int k = 0; k < SIZES.length; k++) {
                System.out.printf("%10d %14.2f %10.2f %14.2f %10.2f%n", SIZES[k], jomp[k] / 1e3, SIZES[k] / jomp[k],
                        raw[k] / 1e3, SIZES[k] / raw[k]);
            }
        }
    }

    private static int iterations(int size) {
        return size <= 1024 ? 5_000 : Math.max(10, (int) (200_000_000L / size));
    }

    /** The same ping-pong over one plain blocking SocketChannel pair with direct buffers. */
    private static double[] rawPingPong(Comm world, int r) throws IOException {
        double[] best = new double[SIZES.length];
        int[] port = new int[1];
        try (ServerSocketChannel server = r == 0 ? ServerSocketChannel.open() : null) {
            if (r == 0) {
                server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
                port[0] = ((InetSocketAddress) server.getLocalAddress()).getPort();
            }
            world.bcast(port, 0, 1, 0);
            try (SocketChannel ch = r == 0 ? server.accept()
                    : SocketChannel.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), port[0]))) {
                ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                for (int k = 0; k < SIZES.length; k++) {
                    ByteBuffer b = ByteBuffer.allocateDirect(SIZES[k]);
                    best[k] = Double.MAX_VALUE;
                    for (int rep = 0; rep < 3; rep++) {
                        int iters = iterations(SIZES[k]);
                        long t0 = System.nanoTime();
                        for (int i = 0; i < iters; i++) {
                            if (r == 0) {
                                write(ch, b);
                                read(ch, b);
                            } else {
                                read(ch, b);
                                write(ch, b);
                            }
                        }
                        best[k] = Math.min(best[k], (System.nanoTime() - t0) / 2.0 / iters);
                    }
                }
            }
        }
        return best;
    }

    private static void write(SocketChannel ch, ByteBuffer b) throws IOException {
        b.clear();
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }

    private static void read(SocketChannel ch, ByteBuffer b) throws IOException {
        b.clear();
        while (b.hasRemaining()) {
            if (ch.read(b) < 0) {
                throw new IOException("peer closed");
            }
        }
    }
}
