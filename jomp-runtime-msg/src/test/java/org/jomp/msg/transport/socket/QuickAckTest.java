package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;

import jdk.net.ExtendedSocketOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link QuickAck}: asks TCP for at-once acknowledgements before each read; leaves a Unix socket alone. */
class QuickAckTest {
    @Test
    void aTcpConnectionLeavesDelayedAcknowledgementsWhenARankReadsData() throws Exception {
        try (ChannelPair p = ChannelPair.tcp()) {
            assumeTrue(p.b.supportedOptions().contains(ExtendedSocketOptions.TCP_QUICKACK), "TCP_QUICKACK: Linux");
            QuickAck ack = new QuickAck(p.b);
            for (int round = 0; round < 3; round++) {
                // What a rank that sends right after it receives gets from the kernel: delayed acknowledgements.
                p.b.setOption(ExtendedSocketOptions.TCP_QUICKACK, false);
                ack.request();
                assertTrue(p.b.getOption(ExtendedSocketOptions.TCP_QUICKACK), "round " + round);
                p.carries((byte) round);
            }
        }
    }

    @Test
    void aUnixSocketIsLeftAlone(@TempDir Path dir) throws Exception {
        try (ChannelPair p = ChannelPair.unix(dir)) {
            // Requested of a Unix socket the option would throw UnsupportedOperationException.
            new QuickAck(p.b).request();
            new QuickAck(p.a).request();
            p.carries((byte) 7);
        }
    }
}
