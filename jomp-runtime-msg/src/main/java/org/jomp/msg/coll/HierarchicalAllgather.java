package org.jomp.msg.coll;

/**
 * An allgather in two levels for a communicator over several JVMs whose ranks are consecutive in each
 * ({@link JvmGroups#consecutive}): each JVM's ranks allgather their blocks in shared memory, the leaders exchange
 * their JVMs' blocks ({@link Collectives#allgatherv}), and each leader broadcasts the other JVMs' blocks to its
 * JVM's ranks in shared memory. Each block crosses each JVM boundary once (MPICH's SMP-aware allgather, Open MPI's
 * coll/han). Only for results below the ring's size ({@link #applies}): with larger blocks the leaders' exchange
 * leaves their neighbours idle, where a ring keeps every rank sending (4 ranks in 2 JVMs on 2 cores, 64 KB blocks:
 * 368-382 µs against 271-314 for the ring).
 */
public final class HierarchicalAllgather {
    private HierarchicalAllgather() {
    }

    /** Whether an allgather of {@code count} elements like {@code buf} from each rank runs in two levels. */
    public static boolean applies(JvmGroups g, PointToPoint all, Object buf, int count) {
        return g.consecutive() && Collectives.bytes(buf, (long) count * all.size()) < Collectives.ALLGATHER_LARGE;
    }

    public static void run(JvmGroups g, PointToPoint all, Object sbuf, int soff, Object rbuf, int roff, int count) {
        int n = all.size();
        int first = g.firstLocal();
        int k = g.localSize();
        int[] counts = new int[k];
        int[] displs = new int[k];
        for (int j = 0; j < k; j++) {
            counts[j] = count;
            displs[j] = roff + (first + j) * count;
        }
        g.local().allgatherv(sbuf, soff, count, rbuf, counts, displs);
        PointToPoint leaders = g.leaders(all);
        if (leaders != null) {
            int[] starts = g.leaderRanks();
            int[] blockCounts = new int[starts.length];
            int[] blockDispls = new int[starts.length];
            for (int j = 0; j < starts.length; j++) {
                int end = j + 1 < starts.length ? starts[j + 1] : n;
                blockCounts[j] = (end - starts[j]) * count;
                blockDispls[j] = roff + starts[j] * count;
            }
            Collectives.allgatherv(leaders, rbuf, roff + first * count, rbuf, blockCounts, blockDispls);
        }
        if (first > 0) {
            g.local().bcast(rbuf, roff, first * count, 0);
        }
        if (first + k < n) {
            g.local().bcast(rbuf, roff + (first + k) * count, (n - first - k) * count, 0);
        }
    }
}
