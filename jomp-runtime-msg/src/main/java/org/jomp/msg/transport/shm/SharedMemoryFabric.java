package org.jomp.msg.transport.shm;

import java.net.InetAddress;
import java.net.UnknownHostException;

import org.jomp.msg.RankFailedException;
import org.jomp.msg.transport.MatchingEngine;
import org.jomp.msg.transport.Transport;

/**
 * The ranks of a world that are threads of this JVM: one matching engine per rank, reachable by every other rank
 * directly, so a sender copies straight into its receiver (see {@link SharedMemoryTransport}).
 */
public final class SharedMemoryFabric {
    private final MatchingEngine[] engines;
    private final SharedMemoryTransport[] transports;
    private final String processorName;

    public SharedMemoryFabric(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("shared-memory world: size must be at least 1, got " + size);
        }
        engines = new MatchingEngine[size];
        transports = new SharedMemoryTransport[size];
        processorName = hostName();
        for (int r = 0; r < size; r++) {
            engines[r] = new MatchingEngine();
        }
        for (int r = 0; r < size; r++) {
            transports[r] = new SharedMemoryTransport(this, r);
        }
    }

    /** Number of ranks. */
    public int size() {
        return engines.length;
    }

    /** The transport of rank {@code rank}. */
    public Transport transport(int rank) {
        return transports[rank];
    }

    MatchingEngine engine(int rank) {
        return engines[rank];
    }

    String processorName() {
        return processorName;
    }

    /**
     * Rank {@code rank} failed: every rank's pending and future operations fail naming it. A rank that ends because
     * it saw another rank fail passes on that original failure, so that every rank names the same culprit.
     */
    public void abort(int rank, Throwable cause) {
        int culprit = rank;
        Throwable why = cause;
        if (cause instanceof RankFailedException f) {
            culprit = f.failedRank();
            why = f.getCause();
        }
        for (MatchingEngine e : engines) {
            e.peerFailed(culprit, why);
        }
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
