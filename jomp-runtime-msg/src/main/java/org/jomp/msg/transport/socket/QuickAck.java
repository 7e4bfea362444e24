package org.jomp.msg.transport.socket;

import java.io.IOException;
import java.nio.channels.SocketChannel;

import jdk.net.ExtendedSocketOptions;

/**
 * Asks TCP to acknowledge what a connection receives at once ({@code TCP_QUICKACK}) while a large message's data is
 * read. A rank that sends soon after it receives looks to Linux like an interactive peer: its socket enters the
 * "pingpong" mode of delayed acknowledgements, which holds back the acknowledgements the sender's window waits for, so
 * a large message then moves in bursts. The mode returns whenever the rank sends, so the request is repeated before
 * every read of a large message's data. Over loopback TCP on a 2-vCPU host a 1 MiB ping-pong between two C processes
 * polling non-blocking sockets took 220 µs one way without it and 124 with it; Open MPI's TCP transport, whose
 * rendezvous handshake lets the delayed acknowledgement go first, took 125 (docs/benchmarks-msg-log.md).
 * Off with {@code -Djomp.msg.socket.quickAck=false}; never on Unix sockets, which have no acknowledgements.
 */
final class QuickAck {
    private static final boolean ENABLED = Boolean.parseBoolean(System.getProperty("jomp.msg.socket.quickAck", "true"));

    private final SocketChannel channel;
    private final boolean on;

    /** Off where the channel has no such option: a Unix socket, or a system other than Linux. */
    QuickAck(SocketChannel channel) {
        this.channel = channel;
        this.on = ENABLED && channel.supportedOptions().contains(ExtendedSocketOptions.TCP_QUICKACK);
    }

    /** Before a read of a large message's data: what arrives is acknowledged at once. */
    void request() throws IOException {
        if (on) {
            channel.setOption(ExtendedSocketOptions.TCP_QUICKACK, true);
        }
    }
}
