package org.jomp.msg.coll;

import org.jomp.msg.transport.SharedCollectives;

/**
 * A two-level barrier for a communicator whose ranks are spread over several JVMs with several in some (a hybrid
 * job; {@link JvmGroups}): the ranks of each JVM meet at their shared-memory barrier, the lowest rank of each JVM
 * then meets the other JVMs' leaders in a {@link DisseminationBarrier} of messages between JVMs, and the ranks of
 * each JVM meet again, so that none leaves before its leader has heard from every JVM. Only the leaders' messages
 * cross JVMs, log2 of the JVMs' number of rounds of them, where a dissemination barrier of all ranks sends log2 n
 * rounds from every rank; MPI libraries' SMP-aware collectives split the work between the levels alike (MPICH's,
 * and Open MPI's coll/han).
 */
public final class HierarchicalBarrier {
    private HierarchicalBarrier() {
    }

    /**
     * @param local   the shared-memory collectives of this JVM's ranks of the communicator
     * @param leaders the leaders' messages if this rank leads its JVM's ranks, else {@code null}
     */
    public static void run(SharedCollectives local, PointToPoint leaders) {
        local.barrier();
        if (leaders != null) {
            DisseminationBarrier.run(leaders);
        }
        local.barrier();
    }
}
