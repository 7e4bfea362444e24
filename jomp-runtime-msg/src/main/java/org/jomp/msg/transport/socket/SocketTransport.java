package org.jomp.msg.transport.socket;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

import org.jomp.msg.CommException;
import org.jomp.msg.RankFailedException;
import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.MatchingEngine;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.Transport;

/**
 * One rank per JVM, a full mesh of authenticated TCP connections between the ranks (built by {@link Mesh}).
 *
 * <p>Protocols: a message up to the eager limit travels at once with its envelope, written by the sending thread
 * (the sender's buffer is free when the write returns); a larger one is announced (RTS), and its data follows in
 * fragments once the receiver has matched it and asked (CTS), straight into the receive buffer (rendezvous), so an
 * unexpected large message costs the receiver no memory. Primitive data is copied in bulk between the arrays and
 * direct buffers, never serialised. Messages from one rank to another keep their order: they share one TCP stream
 * and are delivered in stream order.
 *
 * <p>Faults: a connection that ends without the peer's goodbye, breaks, or carries an invalid frame fails the job
 * at this rank, naming that peer ({@link MatchingEngine#peerFailed}); an ABORT frame from a failing rank does the
 * same naming the rank that failed first. {@link #close()} is a finalize: it says goodbye to every peer and waits
 * until every peer has said goodbye too (or died), so that no data still in flight is cut off.
 */
public final class SocketTransport implements Transport {
    private static final System.Logger LOG = System.getLogger(SocketTransport.class.getName());
    /** How long a failed send reads what the peer sent before the break ({@link #lostWhileSending}). */
    private static final long LEFTOVER_MILLIS = 100;

    private final int rank;
    private final int size;
    private final String processorName;
    private final MatchingEngine engine;
    private final Connection[] connections;
    private final FrameLimits limits;
    private final RankPolling polling;
    private final DataPump pump;
    private final UnexpectedBuffers unexpectedBuffers;
    private final Heartbeat heartbeat;
    private volatile boolean closed;

    SocketTransport(int rank, int size, MatchingEngine engine, FrameLimits limits, long pollNanos,
                    boolean everyPeer, long failTimeoutMillis) {
        this.rank = rank;
        this.engine = engine;
        this.size = size;
        this.processorName = hostName();
        this.limits = limits;
        this.connections = new Connection[size];
        this.polling = new RankPolling(connections, pollNanos, everyPeer, limits.eagerLimit());
        this.pump = new DataPump(this);
        this.unexpectedBuffers = new UnexpectedBuffers(Math.max(limits.eagerLimit(), limits.largestPush()));
        this.heartbeat = failTimeoutMillis > 0 ? new Heartbeat(this, connections, failTimeoutMillis) : null;
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            return "localhost";
        }
    }

    /** Adds the authenticated connection to {@code peer} (during the mesh build). */
    void attach(int peer, java.nio.channels.SocketChannel channel) throws IOException {
        if (connections[peer] != null) {
            throw new IOException("rank " + rank + ": a second connection claims to be rank " + peer);
        }
        connections[peer] = new Connection(this, peer, channel, limits);
    }

    /** The connection to {@code peer}, or {@code null} (this rank, or a rank of this JVM in a hybrid job). */
    Connection connectionTo(int peer) {
        return connections[peer];
    }

    /**
     * Starts the reader threads and the pump, once every connection is attached, with the classes of a contended lock
     * loaded first ({@link ContendedLockClasses}). Rank 0 says so if arrays are copied only for want of a JVM option
     * ({@link HeapArrayIo#optionsHint()}), or if TCP connections keep BBR only for want of one
     * ({@link CongestionControl#optionsHint()}).
     */
    void start() {
        ContendedLockClasses.load();
        String hint = rank == 0 ? HeapArrayIo.optionsHint() : null;
        if (hint != null) {
            LOG.log(System.Logger.Level.INFO, "rank 0: " + hint);
        }
        hint = rank == 0 && Arrays.stream(connections).anyMatch(c -> c != null && c.overTcp())
                ? CongestionControl.optionsHint() : null;
        if (hint != null) {
            LOG.log(System.Logger.Level.INFO, "rank 0: " + hint);
        }
        for (Connection c : connections) {
            if (c != null) {
                c.start("jomp-rank-" + rank + "-from-" + c.peer);
            }
        }
        pump.start();
        if (polling.budgetNanos() > 0) {
            polling.start();
            engine.progressBy(polling);
        }
        if (heartbeat != null) {
            heartbeat.start();
        }
    }

    private void stopHeartbeat() {
        if (heartbeat != null) {
            heartbeat.stop();
        }
    }

    RankPolling polling() {
        return polling;
    }

    DataPump pump() {
        return pump;
    }

    /** Where eager messages that arrive before their receive wait ({@link EagerPayload#retain}). */
    UnexpectedBuffers unexpectedBuffers() {
        return unexpectedBuffers;
    }

    /**
     * The ring directory when every rank of {@code worldRanks} but this one is reached over a Unix socket and rings
     * are on (each end of a connection sees the same route, so every member answers alike), unless host
     * collectives are off ({@code -Djomp.msg.hostCollectives=false}).
     */
    @Override
    public Path hostMemoryDirectory(int[] worldRanks) {
        if (!Boolean.parseBoolean(System.getProperty("jomp.msg.hostCollectives", "true"))) {
            return null;
        }
        Path dir = null;
        for (int r : worldRanks) {
            if (r != rank) {
                Connection c = connections[r];
                dir = c == null ? null : c.sharedMemoryDirectory();
                if (dir == null) {
                    return null;
                }
            }
        }
        return dir;
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public MatchingEngine engine() {
        return engine;
    }

    @Override
    public String processorName() {
        return processorName;
    }

    @Override
    public void send(int dest, Envelope envelope, Object buffer, int offset, Completion done) {
        if (dest == rank) {
            engine.deliver(envelope, new SelfPayload(buffer, offset, envelope, done, limits.eagerLimit()));
            return;
        }
        Connection c = connections[dest];
        if (c.peerEnded()) {
            done.fail(c.peerEndedBeforeReceiving());
            return;
        }
        long bytes = (long) envelope.count() * envelope.kind().bytesPerElement();
        try {
            if (bytes <= limits.eagerLimit()) {
                c.writeEager(envelope.context(), envelope.source(), envelope.tag(), envelope.kind(), envelope.count(),
                        buffer, offset);
                done.complete();
            } else {
                if (bytes > limits.maxMessageBytes()) {
                    throw new IllegalArgumentException("send on rank " + rank + " to rank " + dest + ": message of "
                            + bytes + " bytes exceeds -Djomp.msg.maxMessageBytes=" + limits.maxMessageBytes());
                }
                c.writeLarge(envelope, bytes, buffer, offset, done);
            }
        } catch (IOException e) {
            done.fail(lostWhileSending(dest, e));
        }
    }

    /**
     * A message of up to the eager limit to a peer still there is written at once, as {@link #send} writes it, but
     * without the envelope and the completion (collectives' small messages and blocking sends come this way): C1,
     * the compiler of crowded rank JVMs, allocates every object it is given, and fresh memory costs a page fault a
     * 4 KiB. A failed write throws what {@link #send}'s completion would.
     */
    @Override
    public boolean sendNow(int dest, int context, int source, int tag, PayloadKind kind, Object buffer, int offset,
                           int count) {
        Connection c = connections[dest];
        if (c == null || c.peerEnded() || (long) count * kind.bytesPerElement() > limits.eagerLimit()) {
            return false;
        }
        try {
            c.writeEager(context, source, tag, kind, count, buffer, offset);
            return true;
        } catch (IOException e) {
            throw lostWhileSending(dest, e);
        }
    }

    /**
     * A send to {@code dest} failed: the job fails. A peer that aborts writes its ABORT frame (naming the rank that
     * failed first) before it closes, but a send can meet the broken connection before anyone reads that frame; so
     * what arrived is read first, and the send fails with the job's first failure, which may name another rank.
     */
    private RankFailedException lostWhileSending(int dest, IOException e) {
        connections[dest].readLeftovers(LEFTOVER_MILLIS);
        CommException why = writeFailed("send on rank " + rank + " to rank " + dest, dest, e);
        peerLost(dest, why);
        RankFailedException first = engine.failureIfAny();
        return first != null ? first : new RankFailedException(dest, why);
    }

    /**
     * Why writing to {@code dest} failed with {@code e}, for a write of {@code doing}: whichever a rank sees first, a
     * failed write (a broken pipe, a reset) or the end of the stream, it names the same cause.
     */
    CommException writeFailed(String doing, int dest, IOException e) {
        return new CommException(doing + ": rank " + dest + " lost its connection without finishing (the process"
                + " died or the network failed): " + e, e);
    }

    /**
     * The rank thread is about to block where it does not watch its sockets for room to write: the rendezvous
     * data it was writing goes to the pump, since a peer may need it before it reads what this thread waits for.
     */
    void handOverWrites() {
        if (pump.isCurrentThread()) {
            return;
        }
        for (Connection c : connections) {
            if (c != null) {
                c.handOver();
            }
        }
    }

    /** A connection to {@code peer} was lost: the job fails at this rank, naming the peer. */
    void peerLost(int peer, CommException why) {
        if (closed && connections[peer] != null && connections[peer].finished()) {
            return;
        }
        engine.peerFailed(peer, why);
        RankFailedException failure = new RankFailedException(peer, why);
        for (Connection c : connections) {
            if (c != null) {
                c.failPending(failure);
            }
        }
    }

    /** Another rank reports that rank {@code culprit} failed. */
    void peerAborted(int culprit, String description) {
        engine.peerFailed(culprit, new RemoteFailure(description));
    }

    /**
     * This rank ends with a failure: tells every peer which rank failed first (this one, or the rank whose failure
     * it saw), so that the peers' blocked operations end naming it, then drops the connections.
     */
    public void abort(Throwable cause) {
        int culprit = rank;
        String text = cause.toString();
        if (cause instanceof RankFailedException f) {
            culprit = f.failedRank();
            text = String.valueOf(f.getCause());
        }
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        if (body.length > Frame.MAX_ABORT_TEXT) {
            body = java.util.Arrays.copyOf(body, Frame.MAX_ABORT_TEXT);
        }
        engine.peerFailed(culprit, cause);
        closed = true;
        stopHeartbeat();
        for (Connection c : connections) {
            if (c != null) {
                c.tryWriteControl(Frame.control(FrameKind.ABORT, 0, culprit, body.length), body, 1000);
                c.end();
            }
        }
        polling.stop();
        pump.stop(1000);
    }

    /**
     * Finalize: says goodbye to every peer, then waits until every peer has said goodbye or ended, and closes the
     * connections. A peer that is still working keeps this rank waiting (as MPI_Finalize does); a dead one does
     * not. After a failure of the job it aborts instead.
     */
    @Override
    public void close() {
        finalizeWithin(Long.MAX_VALUE);
    }

    /**
     * Like {@link #close()} but waits at most {@code millis} for the peers' goodbyes.
     *
     * @return false if some peer had not finished in time (the connections stay open, e.g. for {@link #abort})
     */
    public boolean finalizeWithin(long millis) {
        if (closed) {
            return true;
        }
        if (engine.failed()) {
            try {
                engine.checkFailure();
            } catch (RankFailedException f) {
                abort(f);
                return true;
            }
        }
        pump.stop(millis);
        for (Connection c : connections) {
            if (c != null && !c.ended() && !c.saidGoodbye()) {
                try {
                    c.sayGoodbye();
                } catch (IOException e) {
                    LOG.log(System.Logger.Level.DEBUG, "rank " + rank + ": goodbye to rank " + c.peer + " failed", e);
                }
            }
        }
        long end = System.nanoTime() + Math.min(millis, Long.MAX_VALUE / 4_000_000L) * 1_000_000L;
        for (Connection c : connections) {
            while (c != null && !c.finished()) {
                if (System.nanoTime() - end > 0) {
                    return false;
                }
                java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
            }
        }
        closed = true;
        stopHeartbeat();
        for (Connection c : connections) {
            if (c != null) {
                c.end();
                c.awaitReader(1000);
            }
        }
        polling.stop();
        return true;
    }
}
