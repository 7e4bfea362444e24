package org.jomp.msg.transport.socket;

import java.io.FileDescriptor;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.InetSocketAddress;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Takes a rank's TCP connections off BBR congestion control, onto Reno ({@code TCP_CONGESTION}), where Linux runs
 * BBR by default. BBR paces every send at the bandwidth it last measured while the sender was not limited by its
 * application, and a rank's traffic gives it such a measurement only when a receiver falls behind: a stream of
 * broadcasts, say. The receiver's copying rate then becomes the pace of every later message on that connection, for
 * the rest of the job, since the application-limited messages of a ping-pong or an exchange are never counted against
 * it. Between 2 rank JVMs over loopback TCP (2-vCPU host, Java 25) an exchange of 64 KiB took 21-22 µs a call until a
 * stream of 64 KiB sends ran one way, and 42-44 µs after it, BBR's estimate having fallen from 524 to 30 Gbit/s
 * ({@code ss -ti}); with Reno it stayed at 21-22. Reno and Cubic send what the window allows at once; Reno is the one
 * Linux lets every user choose.
 *
 * <p>Java has no socket option for it, so this calls the JDK's own setter of integer socket options
 * ({@code sun.nio.ch.Net}), whose 4 bytes carry the name "reno": the kernel reads the name from as many bytes as it is
 * given. That needs {@code --add-opens=java.base/sun.nio.ch=ALL-UNNAMED}, which jomprun passes to rank JVMs; without
 * it, or with {@code -Djomp.msg.socket.congestion=system}, connections keep the system's algorithm.
 */
final class CongestionControl {
    private static final System.Logger LOG = System.getLogger(CongestionControl.class.getName());
    private static final int IPPROTO_TCP = 6;
    private static final int TCP_CONGESTION = 13;
    private static final boolean ENABLED = enabled(System.getProperty("jomp.msg.socket.congestion", "auto"));

    private static final MethodHandle FD;
    private static final MethodHandle GET;
    private static final MethodHandle SET;
    private static final String UNAVAILABLE;
    /** Unavailable only for want of the JVM option, which the user can give ({@link #optionsHint}). */
    private static final boolean LACKS_OPTION;

    static {
        MethodHandle fd = null;
        MethodHandle get = null;
        MethodHandle set = null;
        String why = null;
        if (!System.getProperty("os.name", "").startsWith("Linux")
                || ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
            why = "not on little-endian Linux";
        }
        boolean lacksOption = false;
        try {
            Class<?> selCh = Class.forName("sun.nio.ch.SelChImpl");
            Class<?> net = Class.forName("sun.nio.ch.Net");
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(net, MethodHandles.lookup());
            fd = lookup.findVirtual(selCh, "getFD", MethodType.methodType(FileDescriptor.class));
            get = lookup.findStatic(net, "getIntOption0", MethodType.methodType(int.class, FileDescriptor.class,
                    boolean.class, int.class, int.class));
            set = lookup.findStatic(net, "setIntOption0", MethodType.methodType(void.class, FileDescriptor.class,
                    boolean.class, int.class, int.class, int.class, boolean.class));
        } catch (IllegalAccessException e) {
            lacksOption = why == null;
            why = why != null ? why : "the JDK's socket options are not open to it"
                    + " (--add-opens=java.base/sun.nio.ch=ALL-UNNAMED)";
        } catch (ReflectiveOperationException | RuntimeException e) {
            why = why != null ? why : "the JDK's socket options cannot be reached: " + e;
        }
        if (why != null) {
            LOG.log(System.Logger.Level.DEBUG, "TCP connections keep the system's congestion control: " + why);
        }
        FD = fd;
        GET = get;
        SET = set;
        UNAVAILABLE = why;
        LACKS_OPTION = lacksOption;
    }

    private CongestionControl() {
    }

    /**
     * Moves the TCP connection {@code ch} from BBR to Reno, unless turned off; leaves any other algorithm, and Unix
     * sockets, alone. A connection it cannot change keeps its algorithm: that costs speed, never correctness.
     */
    static void apply(SocketChannel ch) {
        if (!ENABLED || UNAVAILABLE != null) {
            return;
        }
        try {
            if (!(ch.getLocalAddress() instanceof InetSocketAddress)) {
                return;
            }
            if ("bbr".equals(name(ch)) && !choose(ch, "reno")) {
                LOG.log(System.Logger.Level.DEBUG, "a TCP connection keeps BBR: the kernel refused Reno");
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "a TCP connection keeps its congestion control: " + e);
        }
    }

    /**
     * Sets {@code ch}'s congestion control to {@code algorithm}, a name of at most 4 bytes (an int carries them, and
     * the kernel reads a name from as many bytes as it is given); whether {@code ch} now runs it.
     */
    static boolean choose(SocketChannel ch, String algorithm) {
        if (UNAVAILABLE != null || algorithm.length() > 4) {
            return false;
        }
        try {
            SET.invokeExact((FileDescriptor) FD.invoke(ch), false, IPPROTO_TCP, TCP_CONGESTION, packed(algorithm),
                    false);
        } catch (Throwable e) {
            return false;
        }
        return algorithm.equals(name(ch));
    }

    /**
     * The first 4 bytes of the name of {@code ch}'s congestion control ("bbr", "reno", "cubi"), or {@code null}
     * where that cannot be read.
     */
    static String name(SocketChannel ch) {
        if (UNAVAILABLE != null) {
            return null;
        }
        try {
            int v = (int) GET.invokeExact((FileDescriptor) FD.invoke(ch), false, IPPROTO_TCP, TCP_CONGESTION);
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < 4 && (v >>> 8 * i & 0xff) != 0; i++) {
                b.append((char) (v >>> 8 * i & 0xff));
            }
            return b.toString();
        } catch (Throwable e) {
            return null;
        }
    }

    /** Why connections keep the system's algorithm, or {@code null} when they need not. */
    static String unavailableReason() {
        return UNAVAILABLE;
    }

    /**
     * What rank 0 tells the user when its TCP connections stay on BBR, the system's default, for want of the JVM
     * option; otherwise {@code null}.
     */
    static String optionsHint() {
        return ENABLED && LACKS_OPTION && "bbr".equals(systemDefault()) ? "TCP connections keep BBR, the system's"
                + " congestion control, which can pace every message at the rate of a receiver that once fell behind,"
                + " since " + UNAVAILABLE + "; give the rank JVMs --add-opens=java.base/sun.nio.ch=ALL-UNNAMED to move"
                + " them to Reno, as jomprun does (or -Djomp.msg.socket.congestion=system to keep BBR without this"
                + " note)" : null;
    }

    /** The congestion control of new TCP connections in this network namespace, or {@code null} if unknown. */
    static String systemDefault() {
        try {
            return Files.readString(Path.of("/proc/sys/net/ipv4/tcp_congestion_control")).trim();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** {@code -Djomp.msg.socket.congestion}: "auto" (BBR becomes Reno) or "system" (kept). */
    static boolean enabled(String value) {
        if (value.equals("auto") || value.equals("system")) {
            return value.equals("auto");
        }
        throw new IllegalArgumentException("-Djomp.msg.socket.congestion=" + value + ": expected auto (TCP connections"
                + " on BBR move to Reno) or system (they keep the system's congestion control)");
    }

    /** The bytes of {@code name} in an int, as the kernel reads them on a little-endian machine. */
    private static int packed(String name) {
        int v = 0;
        for (int i = 0; i < name.length(); i++) {
            v |= name.charAt(i) << 8 * i;
        }
        return v;
    }
}
