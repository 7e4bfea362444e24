package org.jomp.msg.transport.socket;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.LinkedBlockingQueue;

import org.jomp.msg.CommException;
import org.jomp.msg.transport.PayloadKind;

/**
 * The one thread of a rank that writes rendezvous traffic: the data of large messages, cut into fragments, and
 * the clear-to-send replies a reader could not write at once. It keeps those writes off the reader threads (see {@link Connection}) and off the sending
 * thread, which may already be waiting elsewhere (a nonblocking send). Each fragment is copied from the sender's
 * array into a direct buffer and written while holding the connection's lock for that fragment only, so small
 * messages slip in between fragments; the receiving reader copies fragment k out while fragment k+1 is on its way
 * (a pipeline).
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
    private final ByteBuffer fragment;
    private final int fragmentBytes;
    private final Thread thread;

    DataPump(SocketTransport transport, int fragmentBytes) {
        this.transport = transport;
        this.fragmentBytes = fragmentBytes;
        this.fragment = ByteBuffer.allocateDirect(Frame.HEADER_BYTES + fragmentBytes).order(Frame.ORDER);
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

    /**
     * Writes the data of rendezvous message {@code id} to {@code c} from byte {@code from} on (the reader may have
     * written the start) and completes its sender.
     */
    void submitData(Connection c, long id, Connection.RendezvousSend s, long from) {
        submit(c, () -> {
            writeData(c, id, s, from);
            s.done().complete();
        });
    }

    private void writeData(Connection c, long id, Connection.RendezvousSend s, long from) throws IOException {
        PayloadKind kind = s.envelope().kind();
        int bpe = kind.bytesPerElement();
        long total = s.bytes();
        c.finishUnfinished();
        for (long at = from; at < total; at += fragmentBytes) {
            int len = (int) Math.min(fragmentBytes, total - at);
            ByteBuffer b = fragment.clear();
            Frame.control(FrameKind.DATA, id, (int) at, len).write(b);
            BulkCopy.put(b, kind, s.array(), s.offset() + (int) (at / bpe), len / bpe);
            c.writeFragment(b.flip());
        }
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
                    transport.peerLost(job.connection.peer, new CommException("writing to rank "
                            + job.connection.peer + " failed: " + e, e));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
