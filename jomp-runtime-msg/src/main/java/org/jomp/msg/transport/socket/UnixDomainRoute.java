package org.jomp.msg.transport.socket;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The second way into a rank: a Unix domain socket, which the ranks of a job that run on the same host use instead
 * of TCP. It spares the TCP stack on both ends: a raw Java NIO ping-pong on the development VM moved 1 MiB in
 * 130-145 µs one way over a Unix socket against 250-370 µs over loopback TCP, and a byte in 2.1 µs against 4.5-5.1
 * (docs/benchmarks-msg-log.md). Connections carry the same handshake and frames as TCP ones.
 *
 * <p>Each rank listens at {@code r<rank>} in a directory of its own, created readable by its user only under
 * {@code -Djomp.msg.socket.unixDir} (by default {@code java.io.tmpdir}), and advertises that path with a
 * {@linkplain #hostKey() host key} in the rendezvous. A rank connects to a lower rank over the path only when their
 * host keys are equal: same kernel boot, same network and mount namespaces, so a path that exists is the peer's (a
 * network namespace stands for a host in the cluster tests, and pathname sockets would cross it). If the connection
 * fails all the same, it falls back to TCP. The path is deleted as soon as the mesh is built.
 *
 * <p>A Unix socket's buffer is the sender's send buffer. Connections ask for {@value #BUFFER_BYTES} bytes, and the
 * kernel grants at most {@code net.core.wmem_max}, about 200 KB on many distributions. Before large messages went
 * through {@link MappedRing}, that was too little (two ranks exchanging a large message both blocked on full buffers:
 * a 1 MiB allreduce of 2 ranks took 3-14 ms, against 1.5-2.3 over TCP), and the route was used only where
 * {@code net.core.wmem_max} granted 1 MiB. Now the socket carries a header per piece of a large message, and with
 * the buffer such a host grants, 2 rank JVMs read as with 4 MiB and ahead of TCP (medians of 4 jobs each,
 * docs/benchmarks-msg-log.md): a 1-byte ping-pong 4.6 µs one way against 7.9, a 4 MiB one 0.34 ms against 2.4, a
 * 1 MiB allreduce 0.29 ms against 0.70.
 *
 * <p>{@code -Djomp.msg.socket.unix=false} turns this off (TCP between every pair of ranks). Off Linux there is no
 * host key, and every connection is TCP.
 */
final class UnixDomainRoute implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(UnixDomainRoute.class.getName());
    /** The send buffer a Unix socket connection asks for (unless {@code -Djomp.msg.socket.buffer} says). */
    static final int BUFFER_BYTES = 4 << 20;
    /** sun_path holds 108 bytes on Linux, the NUL included. */
    private static final int MAX_PATH_BYTES = 100;

    private final Path dir;
    private final Path path;
    private final ServerSocketChannel server;

    private UnixDomainRoute(Path dir, Path path, ServerSocketChannel server) {
        this.dir = dir;
        this.path = path;
        this.server = server;
    }

    /**
     * Listens for rank {@code rank}'s same-host peers, or returns {@code null} when this route is off or not
     * available here (the reason is logged at DEBUG).
     */
    static UnixDomainRoute listen(int rank) {
        if (!Boolean.parseBoolean(System.getProperty("jomp.msg.socket.unix", "true")) || hostKey().isEmpty()) {
            return null;
        }
        String chosen = System.getProperty("jomp.msg.socket.unixDir");
        String base = chosen != null ? chosen : System.getProperty("java.io.tmpdir");
        Path dir = null;
        try {
            dir = Files.createTempDirectory(Path.of(base), "jomp");
            Path path = dir.resolve("r" + rank);
            if (path.toString().getBytes(StandardCharsets.UTF_8).length > MAX_PATH_BYTES) {
                throw new IOException(path + " is too long for a Unix socket");
            }
            ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                server.bind(UnixDomainSocketAddress.of(path));
                server.configureBlocking(false);
            } catch (IOException e) {
                server.close();
                throw e;
            }
            return new UnixDomainRoute(dir, path, server);
        } catch (IOException | UnsupportedOperationException | InvalidPathException e) {
            // Worth a warning only where the user chose the directory.
            LOG.log(chosen == null ? System.Logger.Level.DEBUG : System.Logger.Level.WARNING, "rank " + rank
                    + ": cannot listen on a Unix socket in " + base + " (" + e + "); connecting over TCP only");
            deleteQuietly(dir);
            return null;
        }
    }

    /** Whether this host can carry the route: it has a host key (without one it is off, whatever the properties). */
    static boolean available() {
        return !hostKey().isEmpty();
    }

    /** Where this rank listens, as advertised in the rendezvous. */
    String path() {
        return path.toString();
    }

    ServerSocketChannel server() {
        return server;
    }

    /**
     * Opens a connection to the peer that listens at {@code peerPath}, or returns {@code null} (logged at DEBUG)
     * when that fails, for the caller to use TCP.
     */
    static SocketChannel connect(String peerPath, String who) {
        try {
            SocketChannel ch = SocketChannel.open(UnixDomainSocketAddress.of(peerPath));
            ch.configureBlocking(false);
            return ch;
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "connecting to " + who + " at " + peerPath + " over a Unix socket"
                    + " failed; using TCP", e);
            return null;
        }
    }

    /**
     * What two ranks must share to reach each other through a path: the kernel's boot id and this process's network
     * and mount namespaces, or the empty string where they cannot be read (then no Unix socket is used).
     */
    static String hostKey() {
        return HostKey.VALUE;
    }

    /** Stops listening and deletes the path and its directory; established connections stay open. */
    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "closing " + path, e);
        }
        deleteQuietly(path);
        deleteQuietly(dir);
    }

    private static void deleteQuietly(Path p) {
        if (p == null) {
            return;
        }
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "deleting " + p, e);
        }
    }

    /** What /proc says, read once per JVM. */
    private static final class HostKey {
        static final String VALUE = read();

        private static String read() {
            try {
                // Not readString: it trusts the size /proc reports, and read "4" of /proc/sys's "4194304".
                String boot = Files.readAllLines(Path.of("/proc/sys/kernel/random/boot_id")).get(0).trim();
                String net = Files.readSymbolicLink(Path.of("/proc/self/ns/net")).toString();
                String mnt = Files.readSymbolicLink(Path.of("/proc/self/ns/mnt")).toString();
                return boot + " " + net + " " + mnt;
            } catch (IOException | RuntimeException e) {
                return "";
            }
        }
    }
}
