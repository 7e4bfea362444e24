package org.jomp.msg.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rendezvous port: outside the ephemeral range, and free to bind once picked. */
class LoopbackPortTest {

    @Test
    void aPickedPortLiesBelowTheEphemeralRangeAndCanBeBound() throws IOException {
        for (int i = 0; i < 20; i++) {
            int port = LoopbackPort.pick();
            assertTrue(port >= LoopbackPort.LOW && port < LoopbackPort.HIGH, "port " + port);
            try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                assertEquals(port, s.getLocalPort());
            }
        }
    }

    @Test
    void aPortSomethingListensOnIsPassedOver() throws IOException {
        int busy = LoopbackPort.pick();
        try (ServerSocket held = new ServerSocket(busy, 1, InetAddress.getLoopbackAddress())) {
            int free = LoopbackPort.pick();
            Iterator<Integer> candidates = List.of(busy, busy, free).iterator();
            assertEquals(free, LoopbackPort.pick(candidates::next));
        }
    }

    @Test
    void whenEveryCandidateIsTakenAnyFreePortIsUsed() throws IOException {
        int busy = LoopbackPort.pick();
        try (ServerSocket held = new ServerSocket(busy, 1, InetAddress.getLoopbackAddress())) {
            int port = LoopbackPort.pick(() -> busy);
            assertTrue(port != busy && port > 0, "port " + port);
        }
    }
}
