package org.jomp.msg.transport.socket;

import org.jomp.msg.transport.Progress;

/**
 * The socket transport's receiver-driven progress: a rank thread that waits reads its connections itself, with
 * non-blocking reads, for up to {@code -Djomp.msg.socket.pollMicros} (default 50 µs) per wait, so a ping-pong
 * between two waiting ranks pays neither the wake-up of a reader thread blocked in {@code select} nor the hand-off
 * from it to the rank thread (raw blocking NIO on loopback is slower than this transport already was, by that
 * wake-up). 0 turns it off; so does a hybrid job ({@link Mesh#connect(MeshConfig,
 * org.jomp.msg.transport.MatchingEngine)}).
 *
 * <p>While a rank thread polls, and for {@link #HAND_BACK_NANOS} after a wait that finished while polling (the rank
 * is likely to wait again soon), the reader threads stay parked instead of selecting, so they do not wake for data
 * the rank thread takes. A wait that outlasts its budget hands reading back at once ({@link Connection#wakeReader})
 * and goes on waiting without polling, so a rank that waits long burns no more than the budget on its sockets; a
 * rank that computes between waits leaves its reader parked for at most the hand-back time, which delays only the
 * protocol's own replies (a clear-to-send) to messages that arrive meanwhile.
 */
final class RankPolling implements Progress {
    /** How long after a successful poll the readers stay parked; also their park slice. */
    static final long HAND_BACK_NANOS = 1_000_000;

    private final Connection[] connections;
    private final long budgetNanos;
    private volatile int polling;
    private volatile long lastPolled = System.nanoTime() - 2 * HAND_BACK_NANOS;

    RankPolling(Connection[] connections, long budgetNanos) {
        this.connections = connections;
        this.budgetNanos = budgetNanos;
    }

    @Override
    public long budgetNanos() {
        return budgetNanos;
    }

    @Override
    public synchronized void begin() {
        polling++;
    }

    @Override
    public void poll() {
        for (Connection c : connections) {
            if (c != null) {
                c.poll();
            }
        }
    }

    @Override
    public void end(boolean done) {
        synchronized (this) {
            polling--;
            lastPolled = done ? System.nanoTime() : System.nanoTime() - 2 * HAND_BACK_NANOS;
        }
        if (!done) {
            for (Connection c : connections) {
                if (c != null) {
                    c.wakeReader();
                }
            }
        }
    }

    /** True while a rank thread reads (or read a moment ago): the reader threads keep out of the way. */
    boolean rankReads() {
        return polling > 0 || System.nanoTime() - lastPolled < HAND_BACK_NANOS;
    }
}
