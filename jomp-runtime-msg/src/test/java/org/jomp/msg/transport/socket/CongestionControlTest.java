package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.FileDescriptor;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
    void aNewConnectionReadsTheSystemsAlgorithm() throws Exception {
        assumeTrue(CongestionControl.unavailableReason() == null, CongestionControl::unavailableReason);
        String system = CongestionControl.systemDefault();
        assumeTrue(system != null, "no /proc/sys/net/ipv4/tcp_congestion_control");
        try (ChannelPair p = ChannelPair.tcp()) {
            assertEquals(system.substring(0, Math.min(4, system.length())), CongestionControl.name(p.b));
        }
    }

    @Test
    void aConnectionOnBbrMovesToRenoAndStillCarriesData() throws Throwable {
        try (ChannelPair p = ChannelPair.tcp()) {
            assumeTrue(choose(p.b, "bbr") && choose(p.a, "bbr"), "BBR is not available to this user");
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
            CongestionControl.apply(p.b);
            assertEquals(system.equals("bbr") ? "reno" : system.substring(0, Math.min(4, system.length())),
                    CongestionControl.name(p.b));
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
        String bare = run("-Djomp.msg.socket.unix=false");
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
            String out = run("-Djomp.msg.socket.unix=false", quiet);
            assertTrue(out.endsWith("closed") && !out.contains("congestion control"), quiet + ": " + out);
        }
    }

    /** Two ranks of a fresh JVM (with {@code options}, and none of the surefire JVM's) over a socket mesh. */
    private static String run(String... options) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(JvmJob.javaExecutable()));
        cmd.addAll(List.of(options));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), TwoRankMesh.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return out;
    }

    /** Sets {@code ch}'s congestion control as a user's own code could; false if the kernel refuses the name. */
    private static boolean choose(SocketChannel ch, String algorithm) throws Throwable {
        assumeTrue(CongestionControl.unavailableReason() == null, CongestionControl::unavailableReason);
        MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(Class.forName("sun.nio.ch.Net"),
                MethodHandles.lookup());
        MethodHandle set = lookup.findStatic(Class.forName("sun.nio.ch.Net"), "setIntOption0",
                MethodType.methodType(void.class, FileDescriptor.class, boolean.class, int.class, int.class,
                        int.class, boolean.class));
        MethodHandle fd = lookup.findVirtual(Class.forName("sun.nio.ch.SelChImpl"), "getFD",
                MethodType.methodType(FileDescriptor.class));
        // An int carries a name of up to 4 bytes, which the kernel reads as far as it is given.
        int packed = 0;
        for (int i = 0; i < algorithm.length(); i++) {
            packed |= algorithm.charAt(i) << 8 * i;
        }
        try {
            set.invoke(fd.invoke(ch), false, 6, 13, packed, false);
        } catch (java.io.IOException e) {
            return false;
        }
        return algorithm.equals(CongestionControl.name(ch));
    }
}
