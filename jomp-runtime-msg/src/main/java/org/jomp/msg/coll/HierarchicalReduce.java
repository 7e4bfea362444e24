package org.jomp.msg.coll;

import org.jomp.msg.Op;

/**
 * A reduce in two levels for a communicator over several JVMs ({@link JvmGroups}): each JVM's ranks reduce in
 * shared memory to one of them, the root in its own JVM and the leader in the others, and those then reduce to the
 * root ({@link Collectives#reduce}). Only they send between JVMs (MPICH's SMP-aware reduce, Open MPI's coll/han).
 * A non-commutative operation needs each JVM's ranks consecutive ({@link #applies}).
 */
public final class HierarchicalReduce {
    private HierarchicalReduce() {
    }

    /**
     * Whether {@code op} may be combined JVM by JVM on this communicator: combining within each JVM first keeps rank
     * order only when each JVM's members are consecutive ranks.
     */
    public static boolean applies(JvmGroups g, Op op) {
        return op.commutative() || g.consecutive();
    }

    public static void run(JvmGroups g, PointToPoint all, Object sbuf, int soff, Object rbuf, int roff, int count,
                           Op op, int root) {
        PointToPoint reps = g.representatives(all, root);
        // A representative other than the root has no result slice of its own: its JVM's share goes to scratch.
        Object partial = reps == null ? null : all.scratch(sbuf, count);
        g.local().reduce(sbuf, soff, partial, 0, count, op, g.localRepresentative(root));
        if (reps != null) {
            Collectives.reduce(reps, partial, 0, rbuf, roff, count, op, g.place(root));
            all.giveBack(partial);
        }
    }
}
