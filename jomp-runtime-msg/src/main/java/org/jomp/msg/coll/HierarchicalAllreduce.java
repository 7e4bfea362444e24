package org.jomp.msg.coll;

import org.jomp.msg.Op;

/**
 * An allreduce in two levels for a communicator over several JVMs ({@link JvmGroups}): each JVM's ranks reduce to
 * its leader in shared memory, the leaders allreduce among themselves ({@link Collectives#allreduce}, by size),
 * and each leader broadcasts the result to its JVM's ranks in shared memory. Only the leaders' messages cross JVMs
 * (MPICH's SMP-aware allreduce, Open MPI's coll/han). A non-commutative operation needs each JVM's members to be
 * consecutive ranks, as in {@link HierarchicalReduce}.
 */
public final class HierarchicalAllreduce {
    /**
     * Vectors of this many bytes or more run the one-level algorithm, whose reduce-scatter keeps every rank combining
     * and sending where two levels leave each leader's neighbours idle: 1 MB at 4 ranks in 2 JVMs on 2 cores read
     * 2,359-2,935 µs in two levels against 2,168-2,516 (4 alternated pairs); 64 KB read 114-153 against 214-294.
     */
    private static final int LARGE = 512 * 1024;

    private HierarchicalAllreduce() {
    }

    /** Whether an allreduce of {@code count} elements like {@code buf} with {@code op} runs in two levels. */
    public static boolean applies(JvmGroups g, Op op, Object buf, int count) {
        return HierarchicalReduce.applies(g, op) && Collectives.bytes(buf, count) < LARGE;
    }

    public static void run(JvmGroups g, PointToPoint all, Object sbuf, int soff, Object rbuf, int roff, int count,
                           Op op) {
        g.local().reduce(sbuf, soff, rbuf, roff, count, op, 0);
        PointToPoint leaders = g.leaders(all);
        if (leaders != null) {
            Collectives.allreduce(leaders, rbuf, roff, rbuf, roff, count, op);
        }
        g.local().bcast(rbuf, roff, count, 0);
    }
}
