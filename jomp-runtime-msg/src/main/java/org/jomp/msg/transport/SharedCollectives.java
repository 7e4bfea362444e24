package org.jomp.msg.transport;

import org.jomp.msg.Op;

/**
 * Collectives a transport can run faster than point-to-point messages allow, for one rank of one communicator:
 * a shared-memory transport synchronises through shared counters and flags instead of messages. A method that
 * returns {@code false} did nothing, and the caller runs the point-to-point algorithm instead; every rank of the
 * communicator gets the same answer for the same arguments. Arguments are checked by the caller.
 */
public interface SharedCollectives {

    /**
     * This rank begins a collective of the communicator, shared or not, named by {@code word}
     * ({@link CollectiveTag}): the shared collectives check that every rank they wait for is in the same one.
     */
    void begin(int word);

    void barrier();

    boolean bcast(Object buf, int offset, int count, int root);

    /** Every rank's {@code sendCount} elements go to {@code displs[rank]} of every rank's {@code recvBuf}. */
    boolean allgatherv(Object sendBuf, int sendOffset, int sendCount, Object recvBuf, int[] counts, int[] displs);

    /** Reduce to {@code root} ({@code root < 0}: to every rank, an allreduce). */
    boolean reduce(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, Op op, int root);
}
