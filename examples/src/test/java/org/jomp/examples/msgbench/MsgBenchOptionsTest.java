package org.jomp.examples.msgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class MsgBenchOptionsTest {
    private static final Path SCRIPT = Path.of("run.sh");

    @Test
    void quickRunsTwoRanksOnceAndTheFullRunEveryCountThreeTimes() {
        MsgBenchOptions q = MsgBenchOptions.parse(new String[] {"--quick"}, SCRIPT);
        assertEquals(List.of(2), q.ranks());
        assertEquals(1, q.runs());
        MsgBenchOptions full = MsgBenchOptions.parse(new String[] {"--with-peers", "--transports", "shm,sockets"},
                SCRIPT);
        assertEquals(List.of(2, 4, 8), full.ranks());
        assertEquals(3, full.runs());
        assertEquals(List.of("shm", "sockets"), full.transports());
        assertTrue(full.withPeers());
        assertTrue(full.sizes().contains(1) && full.sizes().contains(16 << 20), full.sizes().toString());
        assertEquals(List.of(8, 65536, 1 << 20), full.collSizes());
        assertEquals(SCRIPT, full.peersScript());
        MsgBenchOptions coll = MsgBenchOptions.parse(new String[] {"--coll-peers-script", "/x/run.sh"}, SCRIPT);
        assertEquals(java.nio.file.Path.of("/x/run.sh"), coll.collPeersScript());
        assertEquals(null, full.plots());
        assertEquals(Path.of("docs/img"), MsgBenchOptions.parse(new String[] {"--plots", "docs/img"}, SCRIPT).plots());
    }

    @Test
    void badOptionsAreNamedWithTheUsage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MsgBenchOptions.parse(new String[] {"--ranks", "2,1"}, SCRIPT));
        assertTrue(e.getMessage().contains("--ranks 2,1: '1' is not a number of at least 2")
                && e.getMessage().contains("usage: jomp-msgbench"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> MsgBenchOptions.parse(new String[] {"--transports", "shm,udp"}, SCRIPT));
        assertTrue(e.getMessage().contains("unknown transport 'udp'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MsgBenchOptions.parse(new String[] {"--runs"}, SCRIPT));
        assertTrue(e.getMessage().contains("--runs needs a value"), e.getMessage());
    }
}
