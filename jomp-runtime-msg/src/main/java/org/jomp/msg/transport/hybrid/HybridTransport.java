package org.jomp.msg.transport.hybrid;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.MatchingEngine;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.SharedCollectives;
import org.jomp.msg.transport.Transport;
import org.jomp.msg.transport.shm.SharedMemoryFabric;
import org.jomp.msg.transport.socket.SocketTransport;

/**
 * One rank of a hybrid job: a message to a rank of the same JVM goes through shared memory (one copy, sender to
 * receiver), any other over this rank's own socket connections. Both deliver into the same matching engine, the
 * one the fabric keeps for this rank. Messages from one rank to another always take the same route, so their
 * order is kept. Collectives of a communicator whose members are all in this JVM use the shared-memory
 * algorithms. A communicator over several JVMs with several of its ranks in some runs its barrier, bcast, reduce,
 * and smaller allreduces and allgathers in two levels ({@link org.jomp.msg.coll.JvmGroups}: each JVM's share of it in
 * shared memory, one rank of each JVM over sockets); its other collectives run over point-to-point messages on
 * every member alike.
 */
final class HybridTransport implements Transport {
    private final SharedMemoryFabric fabric;
    private final Transport local;
    private final SocketTransport remote;
    private final int perJvm;

    HybridTransport(SharedMemoryFabric fabric, int rank, SocketTransport remote, int perJvm) {
        this.fabric = fabric;
        this.local = fabric.transport(rank);
        this.remote = remote;
        this.perJvm = perJvm;
    }

    @Override
    public int rank() {
        return local.rank();
    }

    @Override
    public int size() {
        return local.size();
    }

    @Override
    public MatchingEngine engine() {
        return local.engine();
    }

    @Override
    public String processorName() {
        return local.processorName();
    }

    @Override
    public boolean sendNow(int dest, int context, int source, int tag, PayloadKind kind, Object buffer, int offset,
                           int count) {
        return fabric.isLocal(dest) ? local.sendNow(dest, context, source, tag, kind, buffer, offset, count)
                : remote.sendNow(dest, context, source, tag, kind, buffer, offset, count);
    }

    @Override
    public void send(int dest, Envelope envelope, Object buffer, int offset, Completion done) {
        if (fabric.isLocal(dest)) {
            local.send(dest, envelope, buffer, offset, done);
        } else {
            remote.send(dest, envelope, buffer, offset, done);
        }
    }

    @Override
    public SharedCollectives sharedCollectives(int context, int[] worldRanks, int[] commRanks, int rank) {
        return local.sharedCollectives(context, worldRanks, commRanks, rank);
    }

    @Override
    public int jvmOf(int worldRank) {
        return worldRank - worldRank % perJvm;
    }

    @Override
    public void close() {
        remote.close();
    }
}
