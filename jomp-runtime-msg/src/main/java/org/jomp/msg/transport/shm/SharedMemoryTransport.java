package org.jomp.msg.transport.shm;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.CooperativeCopy;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.MatchingEngine;
import org.jomp.msg.transport.MessageRing;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.SharedCollectives;
import org.jomp.msg.transport.Transport;

/**
 * Messages between ranks that are threads of one JVM. The sender runs the receiver's matching itself: a message
 * that finds its receive posted is copied once, from the sender's array into the receiver's, by the sender; a
 * small message that arrives first is copied once into a fresh buffer (eager) and copied out when received; a
 * large one leaves its sender waiting until the receiver copies straight out of the sender's array (rendezvous).
 * A large copy either way is shared with the other end while it spins in its wait ({@link CooperativeCopy}).
 * A message of up to {@link MessageRing#LIMIT_BYTES} goes instead into the ring from this rank to the receiver,
 * which the receiver's waits drain: no lock, no allocation, no shared queue; while the receiver awaits something
 * without polling (parked, or a callback), the sender drains the ring itself, matching as above.
 */
final class SharedMemoryTransport implements Transport {
    private final SharedMemoryFabric fabric;
    private final int rank;

    SharedMemoryTransport(SharedMemoryFabric fabric, int rank) {
        this.fabric = fabric;
        this.rank = rank;
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return fabric.size();
    }

    @Override
    public MatchingEngine engine() {
        return fabric.engine(rank);
    }

    @Override
    public String processorName() {
        return fabric.processorName();
    }

    @Override
    public void send(int dest, Envelope envelope, Object buffer, int offset, Completion done) {
        if (sendNow(dest, envelope.context(), envelope.source(), envelope.tag(), envelope.kind(), buffer, offset,
                envelope.count())) {
            done.complete();
            return;
        }
        fabric.engine(dest).deliver(envelope, new ArrayPayload(buffer, offset, envelope, done));
    }

    @Override
    public boolean sendNow(int dest, int context, int source, int tag, PayloadKind kind, Object buffer, int offset,
                           int count) {
        MessageRing ring = fabric.ring(dest, rank);
        if (ring == null || !MessageRing.fits(kind, count) || ring.consumerMustServe()
                || !ring.offer(context, source, tag, kind, count, buffer, offset)) {
            return false;
        }
        if (ring.consumerMustServe()) {
            fabric.engine(dest).drainRings();
        }
        return true;
    }

    @Override
    public SharedCollectives sharedCollectives(int context, int[] worldRanks, int[] commRanks, int rank) {
        return fabric.sharedCollectives(context, worldRanks, commRanks, rank);
    }

    /** Every rank of a shared-memory world runs in this JVM (a hybrid rank asks its own transport instead). */
    @Override
    public int jvmOf(int worldRank) {
        return fabric.first();
    }

    @Override
    public void close() {
        // Nothing to release: engines and buffers belong to the fabric and go with it.
    }
}
