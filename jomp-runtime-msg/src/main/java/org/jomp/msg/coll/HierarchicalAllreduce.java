package org.jomp.msg.coll;

import org.jomp.msg.Op;

/**
 * An allreduce in two levels for a communicator over several JVMs ({@link JvmGroups}): each JVM's ranks reduce to
 * its leader in shared memory, the leaders allreduce among themselves ({@link Collectives#allreduce}, by size),
 * and each leader broadcasts the result to its JVM's ranks in shared memory. Only the leaders' messages cross JVMs
 * (MPICH's SMP-aware allreduce, Open MPI's coll/han). Combining within each JVM first keeps rank order only when
 * each JVM's members are consecutive ranks, so a non-commutative operation needs that ({@link #applies}).
 */
public final class HierarchicalAllreduce {
    private HierarchicalAllreduce() {
    }

    /** Whether {@code op} may be combined JVM by JVM on this communicator. */
    public static boolean applies(JvmGroups g, Op op) {
        return op.commutative() || g.consecutive();
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
