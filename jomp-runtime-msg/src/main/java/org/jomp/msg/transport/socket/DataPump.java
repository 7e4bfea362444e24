package org.jomp.msg.transport.socket;

import java.io.IOException;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The one thread of a rank that writes what no other thread may block on: rendezvous data that the waiting rank
 * thread does not write itself (see {@link Connection}), and the end of a clear-to-send a reader could not write
 * at once. It keeps those writes off the reader threads and off a rank thread that computes or blocks elsewhere.
 */
final class DataPump {
    /** Thrown by a job that writes to a connection. */
    @FunctionalInterface
    interface IoAction {
        void run() throws IOException;
    }

    private record Job(Connection connection, IoAction action) {
    }

    private static final Job STOP = new Job(null, null);

    private final SocketTransport transport;
    private final LinkedBlockingQueue<Job> queue = new LinkedBlockingQueue<>();
    private final Thread thread;

    DataPump(SocketTransport transport) {
        this.transport = transport;
        this.thread = new Thread(this::run, "jomp-rank-" + transport.rank() + "-pump");
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Runs {@code action} on the pump thread; an I/O error loses the connection's peer. */
    void submit(Connection c, IoAction action) {
        queue.add(new Job(c, action));
    }

    /** True on the pump's own thread. */
    boolean isCurrentThread() {
        return Thread.currentThread() == thread;
    }

    /** Ends the pump thread after the jobs already queued. */
    void stop(long millis) {
        queue.add(STOP);
        try {
            thread.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        try {
            while (true) {
                Job job = queue.take();
                if (job == STOP) {
                    return;
                }
                try {
                    job.action.run();
                } catch (IOException e) {
                    transport.peerLost(job.connection.peer, job.connection.writeFailure(e));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
