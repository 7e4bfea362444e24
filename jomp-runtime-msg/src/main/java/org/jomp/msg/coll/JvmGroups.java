package org.jomp.msg.coll;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.jomp.msg.transport.SharedCollectives;
import org.jomp.msg.transport.Transport;

/**
 * How a communicator's ranks are spread over the JVMs of a hybrid job, for its two-level collectives
 * ({@link HierarchicalBarrier}, {@link HierarchicalBroadcast}, {@link HierarchicalReduce},
 * {@link HierarchicalAllreduce}, {@link HierarchicalAllgather}): this rank's JVM's share of the communicator with its shared-memory collectives, and
 * the leaders, the lowest rank of each JVM, in rank order. Every rank computes the same from the members and the
 * job's layout ({@link Transport#jvmOf}), without a message.
 */
public final class JvmGroups {
    private final SharedCollectives local;
    private final int rank;
    /** The comm ranks of this JVM's members, ascending. */
    private final int[] localRanks;
    /** The lowest rank of each JVM, ascending. */
    private final int[] leaders;
    /** By comm rank: the place of its JVM's leader in {@link #leaders}. */
    private final int[] group;
    /** Whether each JVM's members are consecutive ranks, so that its leader's place orders the JVMs' shares. */
    private final boolean consecutive;

    private JvmGroups(SharedCollectives local, int rank, int[] localRanks, int[] leaders, int[] group,
                      boolean consecutive) {
        this.local = local;
        this.rank = rank;
        this.localRanks = localRanks;
        this.leaders = leaders;
        this.group = group;
        this.consecutive = consecutive;
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
        // By JVM, the lowest rank in it.
        Map<Integer, Integer> leaderOf = new HashMap<>();
        for (int i = 0; i < n; i++) {
            leaderOf.putIfAbsent(jvm[i], i);
        }
        int distinct = leaderOf.size();
        if (distinct == 1 || distinct == n) {
            return null;
        }
        int mine = jvm[rank];
        int[] localRanks = new int[n];
        int[] localWorld = new int[n];
        int localCount = 0;
        int localIndex = -1;
        int[] leaders = new int[distinct];
        int[] group = new int[n];
        int leaderCount = 0;
        boolean consecutive = true;
        for (int i = 0; i < n; i++) {
            if (jvm[i] == mine) {
                if (i == rank) {
                    localIndex = localCount;
                }
                localRanks[localCount] = i;
                localWorld[localCount++] = members[i];
            }
            int leader = leaderOf.get(jvm[i]);
            if (leader == i) {
                group[i] = leaderCount;
                leaders[leaderCount++] = i;
            } else {
                group[i] = group[leader];
                consecutive &= jvm[i - 1] == jvm[i];
            }
        }
        SharedCollectives local = transport.sharedCollectives(context, Arrays.copyOf(localWorld, localCount),
                Arrays.copyOf(localRanks, localCount), localIndex);
        if (local == null) {
            return null;
        }
        return new JvmGroups(local, rank, Arrays.copyOf(localRanks, localCount), leaders, group, consecutive);
    }

    /** The shared-memory collectives of this rank's JVM's share of the communicator. */
    public SharedCollectives local() {
        return local;
    }

    /** The leaders' view of {@code all} if this rank leads its JVM's ranks, else {@code null}. */
    public PointToPoint leaders(PointToPoint all) {
        return representatives(all, leaders[group[rank]]);
    }

    /**
     * The view of {@code all} that one rank of each JVM has, for a collective rooted at {@code root}: the root for
     * its JVM, the leader for the others, in the order of {@link #place}; {@code null} on every other rank.
     */
    public PointToPoint representatives(PointToPoint all, int root) {
        if (rank != representative(root)) {
            return null;
        }
        int[] ranks = leaders;
        if (leaders[group[root]] != root) {
            ranks = leaders.clone();
            ranks[group[root]] = root;
        }
        return new RankSubset(all, ranks, group[rank]);
    }

    /** The place of rank {@code r}'s JVM among the representatives. */
    public int place(int r) {
        return group[r];
    }

    /** The place in this JVM's shared group of this JVM's representative for a collective rooted at {@code root}. */
    public int localRepresentative(int root) {
        return Arrays.binarySearch(localRanks, representative(root));
    }

    /** This JVM's representative for a collective rooted at {@code root}. */
    private int representative(int root) {
        return group[root] == group[rank] ? root : leaders[group[rank]];
    }

    /** The lowest rank of this JVM's share of the communicator. */
    public int firstLocal() {
        return localRanks[0];
    }

    /** How many ranks of the communicator this JVM runs. */
    public int localSize() {
        return localRanks.length;
    }

    /** The lowest rank of each JVM, ascending. */
    public int[] leaderRanks() {
        return leaders.clone();
    }

    /**
     * Whether each JVM's members are consecutive ranks: combining within each JVM and then across them in the
     * leaders' order keeps rank order, as a non-commutative reduction needs, and each JVM's share of an allgather is
     * one block of the result.
     */
    public boolean consecutive() {
        return consecutive;
    }
}
