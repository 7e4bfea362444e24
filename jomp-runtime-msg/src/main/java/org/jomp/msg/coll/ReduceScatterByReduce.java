package org.jomp.msg.coll;

import org.jomp.msg.Op;

/**
 * Reduce-scatter as a reduce to rank 0 followed by a scatterv of the result (Open MPI coll/basic
 * reduce_scatter_intra): simple and correct for any operation and any counts; its cost is that of the two parts.
 */
public final class ReduceScatterByReduce {
    private ReduceScatterByReduce() {
    }

    public static void run(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, int[] counts, Op op) {
        int n = p.size();
        int[] displs = new int[n];
        int total = 0;
        for (int j = 0; j < n; j++) {
            displs[j] = total;
            total += counts[j];
        }
        Object whole = p.rank() == 0 ? Slices.allocate(sbuf, total) : null;
        BinomialReduce.run(p, sbuf, soff, whole, 0, total, op, 0);
        LinearScatterv.run(p, whole, counts, displs, rbuf, roff, counts[p.rank()], 0);
    }
}
