package org.jomp.msg.transport.socket;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.jomp.msg.CommException;
import org.jomp.msg.transport.MatchingEngine;

/**
 * Builds a job's full mesh of rank-to-rank connections.
 *
 * <ol>
 *   <li>Every rank listens (rank 0 on the master port, the others on a free port of the bind address).</li>
 *   <li>Rendezvous at rank 0: every other rank connects to the master address, proves the job secret, and registers
 *       the host and port it listens on; once all have, rank 0 sends each the whole table.</li>
 *   <li>Each rank connects to every lower rank and accepts a connection from every higher rank (connections only
 *       go downwards, so no two ranks wait on each other), each authenticated again: over the lower rank's Unix
 *       socket when both run on the same host ({@link UnixDomainRoute}), over TCP otherwise.</li>
 * </ol>
 *
 * A connection that does not prove the secret is refused, logged (System.Logger, WARNING) and ignored; the
 * bootstrap goes on waiting for the real ranks until its deadline.
 */
public final class Mesh {
    private static final System.Logger LOG = System.getLogger(Mesh.class.getName());
    private static final int MAX_HOST_BYTES = 1024;
    private static final long HANDSHAKE_MILLIS = 5000;

    private Mesh() {
    }

    /**
     * Joins the mesh of the job described by {@code cfg} and returns this rank's started transport.
     *
     * @throws CommException naming the rank and the step that failed or timed out
     */
    public static SocketTransport connect(MeshConfig cfg) {
        return connect(cfg, new MatchingEngine());
    }

    /**
     * Like {@link #connect(MeshConfig)}, delivering to {@code engine}: the engine a hybrid rank shares with the
     * shared-memory transport of its JVM. No connection is made to the ranks of this JVM ({@link
     * MeshConfig#sharesJvm}).
     */
    public static SocketTransport connect(MeshConfig cfg, MatchingEngine engine) {
        int rank = cfg.rank();
        Deadline d = Deadline.in(cfg.timeoutMillis(), "rank " + rank + ": joining the job's socket mesh (timeout "
                + cfg.timeoutMillis() + " ms, -Djomp.msg.socket.timeout)");
        SocketTransport t = new SocketTransport(rank, cfg.size(), engine, cfg.limits(), cfg.pollNanos(),
                cfg.localCount() == 1, cfg.failTimeoutMillis());
        List<SocketChannel> opened = new ArrayList<>();
        try (ServerSocketChannel server = ServerSocketChannel.open(); Selector accepts = Selector.open();
             UnixDomainRoute unix = UnixDomainRoute.listen(rank)) {
            server.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            Integer buffer = bufferBytes();
            if (buffer != null) {
                // Before bind: accepted connections inherit it, and the window is sized for it from the start.
                server.setOption(StandardSocketOptions.SO_RCVBUF, buffer);
            }
            server.bind(new InetSocketAddress(cfg.bindAddress(), rank == 0 ? cfg.master().getPort() : 0),
                    cfg.size() + 16);
            server.configureBlocking(false);
            server.register(accepts, SelectionKey.OP_ACCEPT);
            if (unix != null) {
                unix.server().register(accepts, SelectionKey.OP_ACCEPT);
            }
            int myPort = ((InetSocketAddress) server.getLocalAddress()).getPort();
            Address[] table = new Address[cfg.size()];
            table[rank] = new Address(myPort, cfg.advertisedHost(), unix == null ? "" : UnixDomainRoute.hostKey(),
                    unix == null ? "" : unix.path());
            if (rank == 0) {
                serveRegistrations(cfg, server, unix, accepts, table, d, opened);
            } else {
                register(cfg, table, d, opened);
            }
            for (int j = 0; j < rank; j++) {
                if (cfg.sharesJvm(j)) {
                    continue;
                }
                SocketChannel ch = connect(table[rank], table[j], "rank " + j, d, opened);
                Handshake.client(ch, cfg.secret(), Handshake.Purpose.PEER, rank, cfg.size(),
                        d.atMost(HANDSHAKE_MILLIS, "rank " + rank + ": handshake with rank " + j), "rank " + j);
                t.attach(j, ch);
            }
            List<Integer> expected = new ArrayList<>();
            for (int j = rank + 1; j < cfg.size(); j++) {
                if (!cfg.sharesJvm(j)) {
                    expected.add(j);
                }
            }
            while (!expected.isEmpty()) {
                Accepted a = accept(cfg, server, unix, accepts, d, opened, "for " + ranks(expected) + " to connect");
                if (a.hello.purpose() != Handshake.Purpose.PEER || !expected.contains(a.hello.rank())) {
                    LOG.log(System.Logger.Level.WARNING, "rank {0}: refused an unexpected {1} connection from"
                            + " rank {2}", rank, a.hello.purpose(), a.hello.rank());
                    a.channel.close();
                    continue;
                }
                t.attach(a.hello.rank(), a.channel);
                expected.remove((Integer) a.hello.rank());
            }
        } catch (IOException e) {
            closeAll(opened);
            throw new CommException("rank " + rank + " of " + cfg.size() + ": cannot join the job's socket mesh"
                    + " (master " + cfg.master() + "): " + e.getMessage(), e);
        }
        t.start();
        return t;
    }

    private record Accepted(SocketChannel channel, Handshake.Hello hello) {
    }

    /**
     * Where a rank listens, as registered with rank 0 and sent to every rank: its TCP port and host, and, for its
     * peers on the same host, its host key and Unix socket path ({@link UnixDomainRoute}; both empty when it has
     * none).
     */
    private record Address(int port, String host, String hostKey, String unixPath) {
        private static final int FIELDS_BYTES = 4 + 3 * 2;

        /** The peers of {@code me} reach it over a Unix socket: same host key, and a path to connect to. */
        boolean sameHostAs(Address me) {
            return !unixPath.isEmpty() && !hostKey.isEmpty() && hostKey.equals(me.hostKey);
        }

        ByteBuffer encode() {
            ByteBuffer b = ByteBuffer.allocate(bytes()).order(Frame.ORDER);
            b.putInt(port);
            for (String s : new String[] {host, hostKey, unixPath}) {
                byte[] u = s.getBytes(StandardCharsets.UTF_8);
                b.putShort((short) u.length).put(u);
            }
            return b.flip();
        }

        private int bytes() {
            return FIELDS_BYTES + utf8(host) + utf8(hostKey) + utf8(unixPath);
        }

        private static int utf8(String s) {
            return s.getBytes(StandardCharsets.UTF_8).length;
        }

        /** Reads one address; {@code whose} names it in the error when it is invalid. */
        static Address read(SocketChannel ch, Deadline d, String whose) throws IOException {
            ByteBuffer head = ByteBuffer.allocate(4).order(Frame.ORDER);
            d.readFully(ch, head);
            int port = head.flip().getInt();
            if (port <= 0 || port > 65535) {
                throw new IOException(whose + " is invalid (port " + port + ")");
            }
            String host = readString(ch, d, whose, "host", 1);
            return new Address(port, host, readString(ch, d, whose, "host key", 0),
                    readString(ch, d, whose, "Unix socket path", 0));
        }

        private static String readString(SocketChannel ch, Deadline d, String whose, String field, int min)
                throws IOException {
            ByteBuffer len = ByteBuffer.allocate(2).order(Frame.ORDER);
            d.readFully(ch, len);
            int n = len.flip().getShort();
            if (n < min || n > MAX_HOST_BYTES) {
                throw new IOException(whose + " is invalid (" + field + " of " + n + " bytes)");
            }
            ByteBuffer b = ByteBuffer.allocate(n);
            d.readFully(ch, b);
            return new String(b.array(), StandardCharsets.UTF_8);
        }
    }

    /** Rank 0: waits for every other rank to register, then sends each the table of addresses. */
    private static void serveRegistrations(MeshConfig cfg, ServerSocketChannel server, UnixDomainRoute unix,
                                           Selector accepts, Address[] table, Deadline d, List<SocketChannel> opened)
            throws IOException {
        SocketChannel[] registered = new SocketChannel[cfg.size()];
        List<Integer> missing = new ArrayList<>();
        for (int r = 1; r < cfg.size(); r++) {
            missing.add(r);
        }
        while (!missing.isEmpty()) {
            Accepted a = accept(cfg, server, unix, accepts, d, opened, "for " + ranks(missing) + " to register");
            int r = a.hello.rank();
            if (a.hello.purpose() != Handshake.Purpose.REGISTER || r == 0 || registered[r] != null) {
                LOG.log(System.Logger.Level.WARNING, "rank 0: refused a second or unexpected {0} connection from"
                        + " rank {1} during registration", a.hello.purpose(), r);
                a.channel.close();
                continue;
            }
            table[r] = Address.read(a.channel, d, "the address rank " + r + " registered");
            registered[r] = a.channel;
            missing.remove((Integer) r);
        }
        List<ByteBuffer> encoded = new ArrayList<>();
        for (Address a : table) {
            encoded.add(a.encode());
        }
        for (int r = 1; r < cfg.size(); r++) {
            for (ByteBuffer b : encoded) {
                d.writeFully(registered[r], b.duplicate());
            }
            registered[r].close();
        }
    }

    /** Ranks above 0: registers this rank's address with rank 0 and receives the table. */
    private static void register(MeshConfig cfg, Address[] table, Deadline d, List<SocketChannel> opened)
            throws IOException {
        try (SocketChannel ch = connect(cfg.master(), "rank 0", d, opened)) {
            Handshake.client(ch, cfg.secret(), Handshake.Purpose.REGISTER, cfg.rank(), cfg.size(),
                    d.atMost(HANDSHAKE_MILLIS, "rank " + cfg.rank() + ": handshake with rank 0"),
                    "rank 0 at " + cfg.master());
            d.writeFully(ch, table[cfg.rank()].encode());
            for (int r = 0; r < cfg.size(); r++) {
                Address a = Address.read(ch, d, "the address of rank " + r + " that rank 0 sent");
                if (r != cfg.rank()) {
                    table[r] = a;
                }
            }
        }
    }

    /**
     * Accepts the next connection, over TCP or the Unix socket, that proves the job secret; strangers are logged and
     * closed. At the deadline the error says what was awaited ({@code waitingFor}, naming the ranks that did not
     * come).
     */
    private static Accepted accept(MeshConfig cfg, ServerSocketChannel server, UnixDomainRoute unix,
                                   Selector accepts, Deadline d, List<SocketChannel> opened, String waitingFor)
            throws IOException {
        while (true) {
            SocketChannel ch = server.accept();
            if (ch == null && unix != null) {
                ch = unix.server().accept();
            }
            if (ch == null) {
                d.check(waitingFor);
                accepts.select(Math.max(1, d.remainingMillis()));
                accepts.selectedKeys().clear();
                continue;
            }
            String from = describe(ch);
            configure(ch);
            try {
                Handshake.Hello hello = Handshake.server(ch, cfg.secret(), cfg.size(),
                        d.atMost(HANDSHAKE_MILLIS, "handshake with the peer " + from));
                opened.add(ch);
                return new Accepted(ch, hello);
            } catch (IOException e) {
                LOG.log(System.Logger.Level.WARNING, "rank {0}: refused a connection {1}: {2}", cfg.rank(),
                        from.replaceFirst("^at ", "from "), e.getMessage());
                ch.close();
                d.check(waitingFor);
            }
        }
    }

    /** Connects to the peer at {@code to}: over its Unix socket when it runs on this host, else over TCP. */
    private static SocketChannel connect(Address me, Address to, String who, Deadline d, List<SocketChannel> opened)
            throws IOException {
        if (to.sameHostAs(me)) {
            SocketChannel ch = UnixDomainRoute.connect(to.unixPath(), who);
            if (ch != null) {
                opened.add(ch);
                configure(ch);
                return ch;
            }
        }
        return connect(new InetSocketAddress(to.host(), to.port()), who, d, opened);
    }

    /**
     * Connects to {@code who} at {@code to}, retrying while nobody listens there yet (the rank may still be
     * starting). A host name this host cannot resolve fails at once; at the deadline the error says why the last
     * attempt failed (refused: nobody listens there, or a firewall rejects it).
     */
    private static SocketChannel connect(InetSocketAddress to, String who, Deadline d, List<SocketChannel> opened)
            throws IOException {
        if (to.isUnresolved()) {
            throw new UnknownHostException(who + " is at '" + to.getHostString() + "', a host name that does not"
                    + " resolve here");
        }
        while (true) {
            SocketChannel ch = SocketChannel.open();
            try (Selector s = Selector.open()) {
                Integer buffer = bufferBytes();
                if (buffer != null) {
                    // Before connect: shrinking the receive buffer of an established connection stalls TCP.
                    ch.setOption(StandardSocketOptions.SO_SNDBUF, buffer);
                    ch.setOption(StandardSocketOptions.SO_RCVBUF, buffer);
                }
                ch.configureBlocking(false);
                if (!ch.connect(to)) {
                    ch.register(s, SelectionKey.OP_CONNECT);
                    while (!ch.finishConnect()) {
                        d.check("connecting to " + who + " at " + to + " (no answer)");
                        s.select(Math.max(1, d.remainingMillis()));
                        s.selectedKeys().clear();
                    }
                }
                configure(ch);
                opened.add(ch);
                return ch;
            } catch (ConnectException e) {
                ch.close();
                d.check("connecting to " + who + " at " + to + " (" + e.getMessage() + ")");
                try {
                    Thread.sleep(50);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while connecting to " + to, ie);
                }
            } catch (SocketTimeoutException e) {
                ch.close();
                throw e;
            } catch (IOException e) {
                ch.close();
                throw new IOException("cannot connect to " + who + " at " + to + ": " + e.getMessage(), e);
            }
        }
    }

    /** "rank 3" or "ranks 1, 2, 5", up to ten of them, for error messages. */
    private static String ranks(List<Integer> ranks) {
        String list = ranks.stream().limit(10).map(String::valueOf).collect(Collectors.joining(", "));
        return (ranks.size() == 1 ? "rank " : "ranks ") + list
                + (ranks.size() > 10 ? " and " + (ranks.size() - 10) + " more" : "");
    }

    private static void configure(SocketChannel ch) throws IOException {
        ch.configureBlocking(false);
        if (ch.supportedOptions().contains(StandardSocketOptions.TCP_NODELAY)) {
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            CongestionControl.apply(ch);
        }
        Integer buffer = bufferBytes();
        if (buffer != null) {
            ch.setOption(StandardSocketOptions.SO_SNDBUF, buffer);
        } else if (!(ch.getLocalAddress() instanceof InetSocketAddress)) {
            ch.setOption(StandardSocketOptions.SO_SNDBUF, UnixDomainRoute.BUFFER_BYTES);
        }
    }

    /** Where the peer of {@code ch} is, for messages: "at host/address:port", or "over a Unix socket". */
    static String describe(SocketChannel ch) throws IOException {
        SocketAddress a = ch.getRemoteAddress();
        return a instanceof InetSocketAddress ? "at " + a : "over a Unix socket";
    }

    /**
     * The socket buffer size asked for with {@code -Djomp.msg.socket.buffer} (bytes), or {@code null} to leave
     * the kernel's automatic sizing alone (the default: on Linux it grows loopback buffers to megabytes).
     */
    private static Integer bufferBytes() {
        return Integer.getInteger("jomp.msg.socket.buffer");
    }

    private static void closeAll(List<SocketChannel> channels) {
        for (SocketChannel ch : channels) {
            try {
                ch.close();
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, "closing " + ch, e);
            }
        }
    }
}
