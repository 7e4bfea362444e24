package org.jomp.msg.coll;

import org.jomp.msg.Op;
import org.jomp.msg.transport.HostMemory;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.SliceCopy;

/**
 * Allreduce through {@link HostMemory}, a reduce-scatter and an allgather in place (as MPICH's and Open MPI's
 * shared-memory allreduces cut the vector among the ranks of a node): every rank copies its vector into its slot; a
 * barrier; rank i combines part i of every slot in rank order, r0 op (r1 op (... op r(n-1))), and writes the result
 * over part i of its own slot, which no other rank reads in this phase; a barrier; every rank copies every part
 * out. Vectors larger than a slot go in rounds. Each element is combined once, by one rank, so every rank gets the
 * same bits, for any operation that may cut the vector anywhere ({@link Op#unit} of 1).
 */
public final class HostAllreduce {
    private HostAllreduce() {
    }

    public static void run(PointToPoint p, HostMemory m, Object sbuf, int soff, Object rbuf, int roff, int count,
                           Op op) {
        int n = p.size();
        int me = p.rank();
        PayloadKind kind = PayloadKind.ofSlice(sbuf);
        int bpe = kind.bytesPerElement();
        int perRound = m.slotBytes() / bpe;
        Object scratch = null;
        for (int done = 0; done < count; done += perRound) {
            int k = Math.min(perRound, count - done);
            m.nextHalf();
            if (done == 0) {
                HostArguments.sign(p, m, kind, count, -1);
            }
            m.put(me, 0, kind, sbuf, soff + done, k);
            HostBarrier.run(p, m);
            if (done == 0) {
                HostArguments.check(p, m, kind, count, -1);
            }
            int lo = part(k, n, me);
            int len = part(k, n, me + 1) - lo;
            if (len > 0) {
                // The partial result at 0 (from r(n-1) down), the part combined into it next at len.
                scratch = scratch == null ? p.scratch(sbuf, 2 * len) : Slices.reuse(scratch, sbuf, 2 * len);
                if (me == n - 1) {
                    SliceCopy.copy(sbuf, soff + done + lo, scratch, 0, len);
                } else {
                    m.get(n - 1, (long) lo * bpe, kind, scratch, 0, len);
                }
                for (int j = n - 2; j >= 0; j--) {
                    if (j == me) {
                        op.combine(sbuf, soff + done + lo, scratch, 0, len);
                    } else {
                        m.get(j, (long) lo * bpe, kind, scratch, len, len);
                        op.combine(scratch, len, scratch, 0, len);
                    }
                }
                m.put(me, (long) lo * bpe, kind, scratch, 0, len);
                SliceCopy.copy(scratch, 0, rbuf, roff + done + lo, len);
            }
            HostBarrier.run(p, m);
            for (int i = 1; i < n; i++) {
                int j = (me + i) % n;
                int from = part(k, n, j);
                m.get(j, (long) from * bpe, kind, rbuf, roff + done + from, part(k, n, j + 1) - from);
            }
        }
        if (scratch != null) {
            p.giveBack(scratch);
        }
    }

    /** Where part {@code i} of {@code k} elements cut into {@code n} parts starts. */
    private static int part(int k, int n, int i) {
        return (int) ((long) k * i / n);
    }
}
