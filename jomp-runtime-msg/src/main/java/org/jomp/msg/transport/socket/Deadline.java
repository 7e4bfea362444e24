package org.jomp.msg.transport.socket;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;

/**
 * Reads and writes on a non-blocking channel that give up at a fixed time: used where a peer may be a stranger or
 * dead (bootstrap, handshakes), so that no rank waits on one forever.
 */
final class Deadline {
    private final long endNanos;
    private final String what;

    private Deadline(long endNanos, String what) {
        this.endNanos = endNanos;
        this.what = what;
    }

    /** A deadline {@code millis} from now; {@code what} names the operation in the timeout message. */
    static Deadline in(long millis, String what) {
        return new Deadline(System.nanoTime() + millis * 1_000_000L, what);
    }

    /** The earlier of this deadline and one {@code millis} from now. */
    Deadline atMost(long millis, String inner) {
        return new Deadline(Math.min(endNanos, System.nanoTime() + millis * 1_000_000L), inner);
    }

    long remainingMillis() {
        return Math.max(0, (endNanos - System.nanoTime()) / 1_000_000L);
    }

    boolean passed() {
        return System.nanoTime() - endNanos >= 0;
    }

    /** Throws if the deadline has passed. */
    void check() throws SocketTimeoutException {
        if (passed()) {
            throw new SocketTimeoutException(what + ": timed out");
        }
    }

    /** Throws if the deadline has passed, saying what was awaited ("for rank 2 to connect"). */
    void check(String waitingFor) throws SocketTimeoutException {
        if (passed()) {
            throw new SocketTimeoutException(what + ": timed out " + waitingFor);
        }
    }

    /** Fills {@code b}'s remaining space from {@code ch} (non-blocking). */
    void readFully(SocketChannel ch, ByteBuffer b) throws IOException {
        try (Selector s = Selector.open()) {
            ch.register(s, SelectionKey.OP_READ);
            while (b.hasRemaining()) {
                int n = ch.read(b);
                if (n < 0) {
                    throw new java.io.EOFException(what + ": the peer closed the connection");
                }
                if (n == 0) {
                    check();
                    s.select(Math.max(1, remainingMillis()));
                    s.selectedKeys().clear();
                }
            }
        }
    }

    /** Writes all of {@code b}'s remaining bytes to {@code ch} (non-blocking). */
    void writeFully(SocketChannel ch, ByteBuffer b) throws IOException {
        try (Selector s = Selector.open()) {
            ch.register(s, SelectionKey.OP_WRITE);
            while (b.hasRemaining()) {
                if (ch.write(b) == 0) {
                    check();
                    s.select(Math.max(1, remainingMillis()));
                    s.selectedKeys().clear();
                }
            }
        }
    }
}
