package org.jomp.msg.coll;

import org.jomp.msg.CollectiveMismatchException;
import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.HostMemory;
import org.jomp.msg.transport.HostRing;
import org.jomp.msg.transport.ReceiveSlot;

/**
 * The messages a collective algorithm may send: point-to-point within one communicator, on the communicator's
 * collective context so they never match a user's receive. Ranks are ranks of that communicator. As a {@link
 * HostRing.Watch} it says whether a wait in host memory can still end.
 */
public interface PointToPoint extends HostRing.Watch {
    int rank();

    int size();

    /** The collective's name, as errors give it ({@code "bcast"}). */
    String call();

    /** The collective's {@link org.jomp.msg.transport.CollectiveTag} word, which its messages carry. */
    int word();

    @Override
    default String where() {
        return call() + " on rank " + rank();
    }

    /** Starts sending {@code count} elements of the primitive array {@code buf} from {@code off}. */
    Completion isend(Object buf, int off, int count, int dest, int tag);

    /** Posts a receive of at most {@code count} elements into {@code buf} from {@code off}. */
    ReceiveSlot irecv(Object buf, int off, int count, int source, int tag);

    /**
     * A scratch vector of {@code like}'s type and at least {@code n} elements, its contents undefined: the one the
     * communicator's last reduction {@linkplain #giveBack gave back} when it fits, else a new one. A 1 MiB
     * {@code double[]} allocated for every call (and so zeroed, and collected) took 150 µs a call on the development
     * VM, about a fifth of a 2-rank allreduce of that size over sockets.
     */
    Object scratch(Object like, int n);

    /** Keeps {@code vector}, a scratch vector no longer used, for the communicator's next {@link #scratch}. */
    void giveBack(Object vector);

    /**
     * The communicator's {@link HostMemory}, or {@code null} when its ranks do not all run on one host or cannot map
     * it (the default). The first call maps it ({@link HostMemoryJoin}), exchanging messages: every rank must make
     * it in the same collective.
     */
    default HostMemory hostMemory() {
        return null;
    }

    /** Sends a copy of a serializable object (serialised now). */
    void sendObject(Object value, int dest, int tag);

    /** Receives an object, deserialised with this rank's classes. */
    <T> T recvObject(int source, int tag);

    /** Waits for an operation of this communicator; throws its error or the job's failure. */
    void await(Completion c);

    /** Waits for every operation of {@code ops} in order; null entries (operations not started) are skipped. */
    default void awaitAll(Completion[] ops) {
        for (Completion c : ops) {
            if (c != null) {
                await(c);
            }
        }
    }

    default void send(Object buf, int off, int count, int dest, int tag) {
        await(isend(buf, off, count, dest, tag));
    }

    default void recv(Object buf, int off, int count, int source, int tag) {
        await(irecv(buf, off, count, source, tag));
    }

    /** Sends to {@code dest} and receives from {@code source} at once, so that exchanging pairs cannot deadlock. */
    default void sendrecv(Object sbuf, int soff, int scount, int dest,
                          Object rbuf, int roff, int rcount, int source, int tag) {
        ReceiveSlot r = irecv(rbuf, roff, rcount, source, tag);
        if (r.error() instanceof CollectiveMismatchException) {
            // Ranks in different collectives: throw before feeding the peer, which then fails waiting for this rank
            // rather than going on as if the collective had worked.
            await(r);
        }
        Completion s = isend(sbuf, soff, scount, dest, tag);
        await(r);
        await(s);
    }
}
