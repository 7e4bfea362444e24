package org.jomp.msg.coll;

import org.jomp.msg.CollectiveMismatchException;
import org.jomp.msg.transport.CollectiveTag;
import org.jomp.msg.transport.HostMemory;
import org.jomp.msg.transport.HostRing;

/**
 * A flat barrier among rank JVMs of one host through their {@link HostMemory}, as Open MPI's coll/sm barrier and the
 * shared-memory transport's own: each rank counts the barriers it has arrived at in its line of the {@link
 * HostRing}, and waits until every other rank's count has reached its own. One round, whose ranks each need to be
 * scheduled once, where the linear barrier over messages needs rank 0 to receive and answer n - 1 messages, and the
 * dissemination barrier log2 n rounds of them.
 *
 * <p>Before it counts, a rank writes its collective's {@link CollectiveTag} word in its line, in one of two places
 * by the count's parity (a rank can be one barrier ahead of another that still reads, never two), and after the wait
 * compares every rank's with its own: ranks in different collectives that both reach a barrier here fail, naming
 * the rank, instead of taking each other's data.
 */
public final class HostBarrier {
    private HostBarrier() {
    }

    public static void run(PointToPoint p, HostMemory m) {
        HostRing ring = m.ring();
        int me = p.rank();
        long a = ring.nextArrival();
        int in = HostRing.ARRIVED_IN + (int) (a & 1);
        ring.set(ring.line(me, in), p.word());
        ring.publish(ring.line(me, HostRing.ARRIVED), a);
        for (int r = 0; r < p.size(); r++) {
            if (r != me) {
                ring.await(ring.line(r, HostRing.ARRIVED), a, r, p);
            }
        }
        for (int r = 0; r < p.size(); r++) {
            String why = CollectiveTag.differs(p.word(), (int) ring.get(ring.line(r, in)), r);
            if (why != null) {
                throw new CollectiveMismatchException(p.where() + ": " + why);
            }
        }
    }

    /**
     * Throws if rank {@code r} has arrived at a barrier beyond this rank's last in this very collective: this rank
     * waits for it elsewhere (a small broadcast's ring, where {@code r} chose the slots), having been called with
     * another count or type.
     */
    static void checkNotAhead(PointToPoint p, HostRing ring, int r) {
        long theirs = ring.get(ring.line(r, HostRing.ARRIVED));
        if (theirs > ring.arrivals()
                && (int) ring.get(ring.line(r, HostRing.ARRIVED_IN + (int) (theirs & 1))) == p.word()) {
            throw new CollectiveMismatchException(p.where() + ": rank " + r + " takes part in this " + p.call()
                    + " through the slots of host memory, while this rank reads its ring: the ranks called "
                    + p.call() + " with different counts or types");
        }
    }
}
