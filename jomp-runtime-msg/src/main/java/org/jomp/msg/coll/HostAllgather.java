package org.jomp.msg.coll;

import org.jomp.msg.transport.HostMemory;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.SliceCopy;

/**
 * Allgather through {@link HostMemory}: every rank copies its block into its slot once, a barrier, and every rank
 * copies the others' blocks out, each starting at the next rank's so that readers spread over the slots. Blocks
 * larger than a slot go in rounds. The ring and recursive doubling copy each block into a socket or ring and out of
 * it once per rank, in n - 1 or log2 n rounds that each wait for ranks to be scheduled; here one barrier a round.
 */
public final class HostAllgather {
    private HostAllgather() {
    }

    public static void run(PointToPoint p, HostMemory m, Object sbuf, int soff, Object rbuf, int roff, int count) {
        int n = p.size();
        int me = p.rank();
        PayloadKind kind = PayloadKind.ofSlice(sbuf);
        int perRound = m.slotBytes() / kind.bytesPerElement();
        for (int done = 0; done < count; done += perRound) {
            int k = Math.min(perRound, count - done);
            m.nextHalf();
            if (done == 0) {
                HostArguments.sign(p, m, kind, count, -1);
            }
            m.put(me, 0, kind, sbuf, soff + done, k);
            SliceCopy.copy(sbuf, soff + done, rbuf, roff + me * count + done, k);
            HostBarrier.run(p, m);
            if (done == 0) {
                HostArguments.check(p, m, kind, count, -1);
            }
            for (int i = 1; i < n; i++) {
                int j = (me + i) % n;
                m.get(j, 0, kind, rbuf, roff + j * count + done, k);
            }
        }
    }
}
