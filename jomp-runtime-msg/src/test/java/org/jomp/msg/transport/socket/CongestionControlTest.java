package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;

import org.jomp.msg.launch.Jomprun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CongestionControl}: a TCP connection on BBR moves to Reno, one on another algorithm keeps it, a Unix socket
 * is left alone, and without the JVM option rank 0 says which option to give when the system runs BBR. The surefire
 * JVM is given jomprun's option ({@link Jomprun#congestionControlOptions()}).
 */
class CongestionControlTest {
    @Test
    void aConnectionOnBbrMovesToRenoAndStillCarriesData() throws Exception {
        try (ChannelPair p = ChannelPair.tcp()) {
            assumeTrue(CongestionControl.unavailableReason() == null, CongestionControl::unavailableReason);
            assumeTrue(CongestionControl.choose(p.b, "bbr") && CongestionControl.choose(p.a, "bbr"),
                    "BBR is not available to this user");
            assertEquals("bbr", CongestionControl.name(p.b));
            CongestionControl.apply(p.b);
            assertEquals("reno", CongestionControl.name(p.b));
            assertEquals("bbr", CongestionControl.name(p.a), "only the connection it was given");
            p.carries((byte) 42);
        }
    }

    @Test
    void aNewConnectionMovesToRenoOnlyFromBbr() throws Exception {
        assumeTrue(CongestionControl.unavailableReason() == null, CongestionControl::unavailableReason);
        String system = CongestionControl.systemDefault();
        assumeTrue(system != null, "no /proc/sys/net/ipv4/tcp_congestion_control");
        try (ChannelPair p = ChannelPair.tcp()) {
            String first = system.substring(0, Math.min(4, system.length()));
            assertEquals(first, CongestionControl.name(p.b), "a new connection has the system's algorithm");
            CongestionControl.apply(p.b);
            assertEquals(system.equals("bbr") ? "reno" : first, CongestionControl.name(p.b));
            p.carries((byte) 42);
        }
    }

    @Test
    void theSwitchTakesAutoOrSystemAndNamesAnythingElse() {
        assertTrue(CongestionControl.enabled("auto"));
        assertFalse(CongestionControl.enabled("system"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CongestionControl.enabled("cubic"));
        assertTrue(e.getMessage().startsWith("-Djomp.msg.socket.congestion=cubic: expected auto"), e.getMessage());
    }

    @Test
    void aUnixSocketIsLeftAlone(@TempDir Path dir) throws Exception {
        try (ChannelPair p = ChannelPair.unix(dir)) {
            CongestionControl.apply(p.b);
            assertNull(CongestionControl.name(p.b), "a Unix socket has no congestion control");
            p.carries((byte) 7);
        }
    }

    @Test
    void withoutTheOptionRankZeroNamesItOnceWhereTheSystemRunsBbr() throws Exception {
        String bare = JvmJob.output(TwoRankMesh.class, "-Djomp.msg.socket.unix=false");
        assertTrue(bare.endsWith("closed"), bare);
        List<String> notes = bare.lines().filter(l -> l.contains("congestion control")).toList();
        if ("bbr".equals(CongestionControl.systemDefault())) {
            assertEquals(1, notes.size(), bare);
            String note = notes.get(0);
            String option = Jomprun.congestionControlOptions().get(0);
            assertTrue(note.startsWith("INFO: rank 0: TCP connections keep BBR") && note.contains("give the rank JVMs "
                    + option) && note.contains("-Djomp.msg.socket.congestion=system"), note);
        } else {
            assertEquals(List.of(), notes, "no note where the system does not run BBR");
        }
        for (String quiet : new String[] {"-Djomp.msg.socket.congestion=system", Jomprun.congestionControlOptions()
                .get(0)}) {
            String out = JvmJob.output(TwoRankMesh.class, "-Djomp.msg.socket.unix=false", quiet);
            assertTrue(out.endsWith("closed") && !out.contains("congestion control"), quiet + ": " + out);
        }
    }
}
