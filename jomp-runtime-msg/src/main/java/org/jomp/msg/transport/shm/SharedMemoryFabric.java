package org.jomp.msg.transport.shm;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.jomp.msg.RankFailedException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicIntegerArray;

import org.jomp.msg.transport.LocalRanks;
import org.jomp.msg.transport.MatchingEngine;
import org.jomp.msg.transport.MessageRing;
import org.jomp.msg.transport.SharedCollectives;
import org.jomp.msg.transport.Transport;

/**
 * The ranks of a world that are threads of this JVM: one matching engine per rank, reachable by every other rank
 * directly, so a sender copies straight into its receiver (see {@link SharedMemoryTransport}). In a hybrid job
 * the fabric holds only the ranks of this JVM ({@link #isLocal}); the other ranks are reached over sockets.
 */
public final class SharedMemoryFabric implements LocalRanks {
    private final MatchingEngine[] engines;
    private final SharedMemoryTransport[] transports;
    private final String processorName;
    private final ConcurrentHashMap<GroupKey, SharedGroup> groups = new ConcurrentHashMap<>();
    /**
     * By receiver, then sender: the ring the sender queues small messages for the receiver in (null without
     * rings). Senders find them here, not through the receiver's engine (see {@link MessageRing#consumedBy}).
     */
    private final MessageRing[][] rings;

    /** Disjoint communicators made by one split share a context id but never their first member. */
    private record GroupKey(int context, int firstWorldRank) {
    }

    /** Small messages through {@link MessageRing}s ({@code -Djomp.msg.shmRings}, default true). */
    private static final boolean RINGS = Boolean.parseBoolean(System.getProperty("jomp.msg.shmRings", "true"));
    private final boolean sharedCollectives;
    private final AtomicIntegerArray ended;
    private final int first;
    private final int count;

    /** A fabric whose communicators use the shared-memory collectives of {@link SharedGroup}. */
    public SharedMemoryFabric(int size) {
        this(size, true);
    }

    /**
     * @param sharedCollectives false to run every collective over point-to-point messages, as on a transport
     *                          without shared memory (to test or measure those algorithms)
     */
    public SharedMemoryFabric(int size, boolean sharedCollectives) {
        this(size, 0, size, sharedCollectives);
        // Not in the part of a hybrid world: a hybrid rank waits through its sockets' progress, which drains no ring.
        if (RINGS) {
            for (int r = 0; r < size; r++) {
                rings[r] = new MessageRing[size];
                for (int s = 0; s < size; s++) {
                    if (s != r) {
                        rings[r][s] = new MessageRing();
                    }
                }
                engines[r].receiveThrough(rings[r]);
            }
        }
    }

    /**
     * The part of a world of {@code size} ranks that runs in this JVM: ranks {@code first} to
     * {@code first + count - 1} (a hybrid job; the rest are in other JVMs).
     */
    public SharedMemoryFabric(int size, int first, int count, boolean sharedCollectives) {
        this.sharedCollectives = sharedCollectives;
        if (size < 1) {
            throw new IllegalArgumentException("shared-memory world: size must be at least 1, got " + size);
        }
        if (count < 1 || first < 0 || first + count > size) {
            throw new IllegalArgumentException("shared-memory world: ranks " + first + " to " + (first + count - 1)
                    + " are not a part of a world of " + size);
        }
        this.first = first;
        this.count = count;
        engines = new MatchingEngine[size];
        rings = new MessageRing[size][];
        ended = new AtomicIntegerArray(size);
        transports = new SharedMemoryTransport[size];
        processorName = hostName();
        for (int r = first; r < first + count; r++) {
            engines[r] = new MatchingEngine();
        }
        for (int r = first; r < first + count; r++) {
            transports[r] = new SharedMemoryTransport(this, r);
        }
    }

    /** True when rank {@code rank} is a thread of this JVM. */
    public boolean isLocal(int rank) {
        return engines[rank] != null;
    }

    /** Number of ranks. */
    public int size() {
        return engines.length;
    }

    /** The transport of rank {@code rank}. */
    public Transport transport(int rank) {
        return transports[rank];
    }

    @Override
    public int first() {
        return first;
    }

    @Override
    public int count() {
        return count;
    }

    @Override
    public Transport open(int rank) {
        return transports[rank];
    }

    /** The ring {@code sender} queues small messages for {@code receiver} in, or {@code null}. */
    MessageRing ring(int receiver, int sender) {
        MessageRing[] rs = rings[receiver];
        return rs == null ? null : rs[sender];
    }

    /** The matching engine of local rank {@code rank}. */
    public MatchingEngine engine(int rank) {
        return engines[rank];
    }

    /**
     * The collectives of the communicator (context, members) for member {@code rank}, or {@code null} when some
     * member is not in this JVM: every member then runs them over point-to-point messages.
     */
    public SharedCollectives sharedCollectives(int context, int[] worldRanks, int[] commRanks, int rank) {
        if (!sharedCollectives) {
            return null;
        }
        for (int w : worldRanks) {
            if (!isLocal(w)) {
                return null;
            }
        }
        SharedGroup g = groups.computeIfAbsent(new GroupKey(context, worldRanks[0]),
                k -> new SharedGroup(worldRanks, commRanks, this));
        return g.member(rank, engines[worldRanks[rank]]);
    }

    String processorName() {
        return processorName;
    }

    /**
     * Rank {@code rank} failed: every rank's pending and future operations fail naming it. A rank that ends because
     * it saw another rank fail passes on that original failure, so that every rank names the same culprit.
     */
    @Override
    public void abort(int rank, Throwable cause) {
        int culprit = rank;
        Throwable why = cause;
        if (cause instanceof RankFailedException f) {
            culprit = f.failedRank();
            why = f.getCause();
        }
        for (MatchingEngine e : engines) {
            if (e != null) {
                e.peerFailed(culprit, why);
            }
        }
    }

    /**
     * Rank {@code rank} has ended normally. Its sends were delivered synchronously, so every message it will ever
     * send is already in its receivers' engines: receives still waiting for it fail, and so do senders still
     * waiting for it to receive.
     */
    @Override
    public void rankEnded(int rank) {
        ended.set(rank, 1);
        engines[rank].warnUnreceivedCollectives(rank);
        engines[rank].close("send to rank " + rank + ": rank " + rank + " has ended without receiving this message");
        for (MatchingEngine e : engines) {
            if (e != null) {
                e.peerEnded(rank);
            }
        }
    }

    /** True once rank {@code rank} has ended normally. */
    boolean hasEnded(int rank) {
        return ended.get(rank) != 0;
    }

    private static String hostName() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isEmpty()) {
            return env;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
