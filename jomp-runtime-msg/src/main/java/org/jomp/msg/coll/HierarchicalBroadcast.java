package org.jomp.msg.coll;

/**
 * A broadcast in two levels for a communicator over several JVMs ({@link JvmGroups}): the root and the leaders of
 * the other JVMs broadcast among themselves ({@link Collectives#bcast}, by size), and each of them then broadcasts
 * to the ranks of its own JVM in shared memory. The data crosses each JVM boundary once, as in MPI libraries'
 * SMP-aware broadcasts (MPICH's, Open MPI's coll/han).
 */
public final class HierarchicalBroadcast {
    private HierarchicalBroadcast() {
    }

    public static void run(JvmGroups g, PointToPoint all, Object buf, int off, int count, int root) {
        PointToPoint reps = g.representatives(all, root);
        if (reps != null) {
            Collectives.bcast(reps, buf, off, count, g.place(root));
        }
        g.local().bcast(buf, off, count, g.localRepresentative(root));
    }
}
