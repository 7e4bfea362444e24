package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

import jdk.net.ExtendedSocketOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link QuickAck}: asks TCP for at-once acknowledgements before each read; leaves a Unix socket alone. */
class QuickAckTest {
    @Test
    void aTcpConnectionLeavesDelayedAcknowledgementsWhenARankReadsData() throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            try (SocketChannel a = SocketChannel.open(server.getLocalAddress()); SocketChannel b = server.accept()) {
                assumeTrue(b.supportedOptions().contains(ExtendedSocketOptions.TCP_QUICKACK), "TCP_QUICKACK: Linux");
                QuickAck ack = new QuickAck(b);
                for (int round = 0; round < 3; round++) {
                    // What a rank that sends right after it receives gets from the kernel: delayed acknowledgements.
                    b.setOption(ExtendedSocketOptions.TCP_QUICKACK, false);
                    a.write(ByteBuffer.wrap(new byte[] {(byte) round}));
                    ack.request();
                    assertTrue(b.getOption(ExtendedSocketOptions.TCP_QUICKACK), "round " + round);
                    ByteBuffer in = ByteBuffer.allocate(1);
                    while (in.hasRemaining()) {
                        b.read(in);
                    }
                    assertEquals(round, in.get(0));
                }
            }
        }
    }

    @Test
    void aUnixSocketIsLeftAlone(@TempDir Path dir) throws Exception {
        UnixDomainSocketAddress address = UnixDomainSocketAddress.of(dir.resolve("s"));
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(address);
            try (SocketChannel a = SocketChannel.open(address); SocketChannel b = server.accept()) {
                // Requested of a Unix socket the option would throw UnsupportedOperationException.
                new QuickAck(b).request();
                new QuickAck(a).request();
                a.write(ByteBuffer.wrap(new byte[] {7}));
                ByteBuffer in = ByteBuffer.allocate(1);
                b.read(in);
                assertEquals(7, in.get(0));
            }
        }
    }
}
