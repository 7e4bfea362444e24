package org.jomp.msg.coll;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.ReceiveSlot;

/**
 * Some ranks of a communicator seen as a communicator of their own, for an algorithm that runs among them only
 * (the JVMs' leaders of {@link HierarchicalBarrier}): rank i of the subset is rank {@code ranks[i]} of the whole.
 */
public final class RankSubset implements PointToPoint {
    private final PointToPoint all;
    private final int[] ranks;
    private final int index;

    /**
     * @param all   the whole communicator's messages
     * @param ranks the subset's ranks in the whole, in the subset's order
     * @param index this rank's place in {@code ranks}
     */
    public RankSubset(PointToPoint all, int[] ranks, int index) {
        this.all = all;
        this.ranks = ranks;
        this.index = index;
    }

    @Override
    public int rank() {
        return index;
    }

    @Override
    public int size() {
        return ranks.length;
    }

    @Override
    public String call() {
        return all.call();
    }

    @Override
    public int word() {
        return all.word();
    }

    @Override
    public boolean ended(int owner) {
        return all.ended(ranks[owner]);
    }

    @Override
    public Completion isend(Object buf, int off, int count, int dest, int tag) {
        return all.isend(buf, off, count, ranks[dest], tag);
    }

    @Override
    public ReceiveSlot irecv(Object buf, int off, int count, int source, int tag) {
        return all.irecv(buf, off, count, ranks[source], tag);
    }

    @Override
    public Object scratch(Object like, int n) {
        return all.scratch(like, n);
    }

    @Override
    public void giveBack(Object vector) {
        all.giveBack(vector);
    }

    @Override
    public void sendObject(Object value, int dest, int tag) {
        all.sendObject(value, ranks[dest], tag);
    }

    @Override
    public <T> T recvObject(int source, int tag) {
        return all.recvObject(ranks[source], tag);
    }

    @Override
    public void await(Completion c) {
        all.await(c);
    }
}
