package org.jomp.msg.transport.hybrid;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;

import org.jomp.msg.RankFailedException;
import org.jomp.msg.transport.LocalRanks;
import org.jomp.msg.transport.Transport;
import org.jomp.msg.transport.shm.SharedMemoryFabric;
import org.jomp.msg.transport.socket.Mesh;
import org.jomp.msg.transport.socket.MeshConfig;
import org.jomp.msg.transport.socket.SocketTransport;

/**
 * This JVM's share of a hybrid job: ranks {@code first} to {@code first + count - 1} of the world, threads of this
 * JVM joined by a {@link SharedMemoryFabric}. Each of them also joins the job's socket mesh as itself, with
 * connections to every rank of the other JVMs and none to its neighbours here ({@link MeshConfig#sharesJvm}); so a
 * dead JVM is seen by every rank here through its own connections, as in a socket job.
 *
 * <p>When a rank here fails, every rank here fails naming it (through the fabric), and every rank's socket
 * transport tells its peers in the other JVMs (an ABORT frame naming it), so the whole job ends.
 */
public final class HybridNode implements LocalRanks {
    private final SharedMemoryFabric fabric;
    private final IntFunction<MeshConfig> config;
    private final AtomicReferenceArray<SocketTransport> sockets;
    private final int perJvm;
    private volatile Throwable abortedBy;
    private volatile int abortedRank;

    /**
     * @param size   ranks in the world
     * @param first  first rank of this JVM
     * @param count  ranks in this JVM
     * @param perJvm the ranks of each JVM of the job but perhaps the last: JVM p holds ranks p * perJvm on
     * @param config the socket configuration of each rank of this JVM (it is narrowed to skip this JVM's ranks)
     */
    public HybridNode(int size, int first, int count, int perJvm, IntFunction<MeshConfig> config) {
        this.fabric = new SharedMemoryFabric(size, first, count, true);
        this.perJvm = perJvm;
        this.config = config;
        this.sockets = new AtomicReferenceArray<>(count);
    }

    @Override
    public int first() {
        return fabric.first();
    }

    @Override
    public int count() {
        return fabric.count();
    }

    @Override
    public Transport open(int rank) {
        MeshConfig cfg = config.apply(rank).sharingJvmWith(first(), count());
        SocketTransport s = Mesh.connect(cfg, fabric.engine(rank));
        sockets.set(rank - first(), s);
        if (abortedBy != null) {
            s.abort(asSeenBy(rank, abortedRank, abortedBy));
        }
        return new HybridTransport(fabric, rank, s, perJvm);
    }

    @Override
    public void rankEnded(int rank) {
        fabric.rankEnded(rank);
        SocketTransport s = sockets.get(rank - first());
        if (s != null) {
            s.close();
        }
    }

    /**
     * Rank {@code rank}, the last one running here, leaves while the JVM ends: it says goodbye to its peers and
     * waits up to {@code millis} for theirs, as {@link SocketTransport#finalizeWithin} does.
     *
     * @return false if some peer had not finished in time
     */
    public boolean leaveWithin(int rank, long millis) {
        SocketTransport s = sockets.get(rank - first());
        return s == null || s.finalizeWithin(millis);
    }

    @Override
    public synchronized void abort(int rank, Throwable cause) {
        fabric.abort(rank, cause);
        if (abortedBy != null) {
            return;
        }
        abortedRank = rank;
        abortedBy = cause;
        for (int i = 0; i < sockets.length(); i++) {
            SocketTransport s = sockets.get(i);
            if (s != null) {
                s.abort(asSeenBy(s.rank(), rank, cause));
            }
        }
    }

    /** The failure rank {@code self} reports to its peers: its own, or the news that rank {@code culprit} failed. */
    private static Throwable asSeenBy(int self, int culprit, Throwable cause) {
        if (cause instanceof RankFailedException || culprit == self || culprit < 0) {
            return cause;
        }
        return new RankFailedException(culprit, cause);
    }
}
