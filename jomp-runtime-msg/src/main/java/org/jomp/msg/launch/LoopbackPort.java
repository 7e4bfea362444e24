package org.jomp.msg.launch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.IntSupplier;

/**
 * A loopback port for a local job's rendezvous, chosen before rank 0 binds it. The port is free when chosen but not
 * held (the launcher cannot hand a listening socket to another JVM), so it is taken below the kernel's ephemeral
 * range (Linux: 32768-60999): there, the many outgoing connections of the job's own ranks, and of anything else on
 * the machine, can never be given it in the meantime; only a program binding that very port could.
 */
public final class LoopbackPort {
    /** Ports [LOW, HIGH) lie below the usual ephemeral ranges of Linux (32768) and of the IANA default (49152). */
    static final int LOW = 20000;
    static final int HIGH = 32768;
    private static final int ATTEMPTS = 64;

    private LoopbackPort() {
    }

    /** A port of [20000, 32768) that nothing listened on a moment ago, or any free port if all tries fail. */
    public static int pick() {
        return pick(() -> ThreadLocalRandom.current().nextInt(LOW, HIGH));
    }

    /** The first free port among {@code candidates} (at most 64 tried), else any free port. */
    static int pick(IntSupplier candidates) {
        for (int i = 0; i < ATTEMPTS; i++) {
            int port = candidates.getAsInt();
            if (free(port)) {
                return port;
            }
        }
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port on loopback: " + e.getMessage(), e);
        }
    }

    private static boolean free(int port) {
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
