package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/** Two connected blocking channels of this JVM, for tests of socket options: {@code a} connects, {@code b} accepts. */
final class ChannelPair implements AutoCloseable {
    final SocketChannel a;
    final SocketChannel b;

    private ChannelPair(SocketChannel a, SocketChannel b) {
        this.a = a;
        this.b = b;
    }

    /** A TCP connection over loopback. */
    static ChannelPair tcp() throws IOException {
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            SocketChannel a = SocketChannel.open(server.getLocalAddress());
            return new ChannelPair(a, server.accept());
        }
    }

    /** A Unix socket at a new path in {@code dir}. */
    static ChannelPair unix(Path dir) throws IOException {
        UnixDomainSocketAddress address = UnixDomainSocketAddress.of(dir.resolve("s"));
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(address);
            SocketChannel a = SocketChannel.open(address);
            return new ChannelPair(a, server.accept());
        }
    }

    /** Sends {@code value} from {@code a} and checks that {@code b} reads it. */
    void carries(byte value) throws IOException {
        a.write(ByteBuffer.wrap(new byte[] {value}));
        ByteBuffer in = ByteBuffer.allocate(1);
        while (in.hasRemaining()) {
            b.read(in);
        }
        assertEquals(value, in.get(0));
    }

    @Override
    public void close() throws IOException {
        b.close();
        a.close();
    }
}
