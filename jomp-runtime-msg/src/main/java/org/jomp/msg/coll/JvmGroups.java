package org.jomp.msg.coll;

import java.util.Arrays;

import org.jomp.msg.transport.SharedCollectives;
import org.jomp.msg.transport.Transport;

/**
 * How a communicator's ranks are spread over the JVMs of a hybrid job, for its two-level collectives
 * ({@link HierarchicalBarrier}): this rank's JVM's share of the communicator with its shared-memory collectives, and
 * the leaders, the lowest rank of each JVM, in rank order. Every rank computes the same from the members and the
 * job's layout ({@link Transport#jvmOf}), without a message.
 */
public final class JvmGroups {
    private final SharedCollectives local;
    private final int[] leaders;
    private final int leaderIndex;

    private JvmGroups(SharedCollectives local, int[] leaders, int leaderIndex) {
        this.local = local;
        this.leaders = leaders;
        this.leaderIndex = leaderIndex;
    }

    /**
     * The groups of a communicator with collective context {@code context}, world ranks {@code members} and this
     * rank {@code rank}; {@code null} when two levels do not apply: all members in one JVM, or one member in each.
     */
    public static JvmGroups of(Transport transport, int context, int[] members, int rank) {
        int n = members.length;
        int[] jvm = new int[n];
        for (int i = 0; i < n; i++) {
            jvm[i] = transport.jvmOf(members[i]);
        }
        int distinct = (int) Arrays.stream(jvm).distinct().count();
        if (distinct == 1 || distinct == n) {
            return null;
        }
        int mine = jvm[rank];
        int[] localRanks = new int[n];
        int[] localWorld = new int[n];
        int localCount = 0;
        int localIndex = -1;
        int[] leaders = new int[distinct];
        int leaderCount = 0;
        for (int i = 0; i < n; i++) {
            if (jvm[i] == mine) {
                if (i == rank) {
                    localIndex = localCount;
                }
                localRanks[localCount] = i;
                localWorld[localCount++] = members[i];
            }
            if (firstOfItsJvm(jvm, i)) {
                leaders[leaderCount++] = i;
            }
        }
        SharedCollectives local = transport.sharedCollectives(context, Arrays.copyOf(localWorld, localCount),
                Arrays.copyOf(localRanks, localCount), localIndex);
        if (local == null) {
            return null;
        }
        return new JvmGroups(local, leaders, localIndex == 0 ? Arrays.binarySearch(leaders, rank) : -1);
    }

    private static boolean firstOfItsJvm(int[] jvm, int i) {
        for (int j = 0; j < i; j++) {
            if (jvm[j] == jvm[i]) {
                return false;
            }
        }
        return true;
    }

    /** The shared-memory collectives of this rank's JVM's share of the communicator. */
    public SharedCollectives local() {
        return local;
    }

    /** The leaders' view of {@code all} if this rank leads its JVM's ranks, else {@code null}. */
    public PointToPoint leaders(PointToPoint all) {
        return leaderIndex < 0 ? null : new RankSubset(all, leaders, leaderIndex);
    }
}
