package org.jomp.msg.transport.socket;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;

/**
 * Two ranks as threads of the test's JVM, each with its own socket transport, connected over loopback: the mesh
 * that the socket transport's in-process tests send between.
 */
final class TwoRanks {
    private TwoRanks() {
    }

    /** Connects ranks 0 and 1 with {@code limits}, authenticated by {@code secret} (at least 16 bytes). */
    static SocketTransport[] connect(String secret, FrameLimits limits) {
        int port = JvmJob.freePort();
        CompletableFuture<SocketTransport> first =
                CompletableFuture.supplyAsync(() -> Mesh.connect(config(0, port, secret, limits)));
        SocketTransport second = Mesh.connect(config(1, port, secret, limits));
        return new SocketTransport[] {first.join(), second};
    }

    /** Like {@link #connect(String, FrameLimits)}, with socket buffers of {@code bufferBytes} asked for. */
    static SocketTransport[] connect(String secret, FrameLimits limits, int bufferBytes) {
        String before = System.getProperty("jomp.msg.socket.buffer");
        System.setProperty("jomp.msg.socket.buffer", String.valueOf(bufferBytes));
        try {
            return connect(secret, limits);
        } finally {
            if (before == null) {
                System.clearProperty("jomp.msg.socket.buffer");
            } else {
                System.setProperty("jomp.msg.socket.buffer", before);
            }
        }
    }

    private static MeshConfig config(int rank, int port, String secret, FrameLimits limits) {
        return new MeshConfig(rank, 2, new InetSocketAddress("127.0.0.1", port), InetAddress.getLoopbackAddress(),
                "127.0.0.1", JobSecret.of(secret), 30_000, limits, 50_000, 0, rank, 1);
    }

    /** Closes both ranks at once (each waits for the other's goodbye). */
    static void close(SocketTransport[] t) {
        CompletableFuture<Void> c = CompletableFuture.runAsync(t[0]::close);
        t[1].close();
        c.join();
    }
}
