package org.jomp.msg.transport.socket;

import java.util.concurrent.TimeUnit;

import org.jomp.msg.CommException;

/**
 * Tells a hung peer from a quiet one. A dead peer's connection closes and is seen at once; a peer that is alive
 * but stuck (stopped, swapped out, cut off without a reset) sends nothing. So every rank pings each connection it
 * has not written to for a quarter of the timeout, and a peer that has sent nothing at all for the whole timeout
 * ({@code -Djomp.msg.socket.failTimeout}, ms, default 5000; 0 turns this off) is declared failed, which ends every
 * call of this rank that waits, naming it. A peer that has said goodbye is not watched.
 */
final class Heartbeat implements Runnable {
    private final SocketTransport transport;
    private final Connection[] connections;
    private final long timeoutNanos;
    private final Thread thread;
    private volatile boolean stopped;

    Heartbeat(SocketTransport transport, Connection[] connections, long timeoutMillis) {
        this.transport = transport;
        this.connections = connections;
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        this.thread = new Thread(this, "jomp-rank-" + transport.rank() + "-heartbeat");
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    void stop() {
        stopped = true;
        thread.interrupt();
    }

    @Override
    public void run() {
        long beat = timeoutNanos / 4;
        while (!stopped) {
            try {
                TimeUnit.NANOSECONDS.sleep(beat);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            for (Connection c : connections) {
                if (c == null || c.finished() || stopped) {
                    continue;
                }
                if (now - c.lastSent() > beat) {
                    c.tryWriteControl(Frame.control(FrameKind.PING, 0, 0, 0), null, 1000);
                }
                if (now - c.lastReceived() > timeoutNanos) {
                    c.lost(new CommException("rank " + c.peer + " sent nothing for "
                            + TimeUnit.NANOSECONDS.toMillis(now - c.lastReceived()) + " ms (limit "
                            + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms, -Djomp.msg.socket.failTimeout):"
                            + " it is hung or unreachable"));
                }
            }
        }
    }
}
