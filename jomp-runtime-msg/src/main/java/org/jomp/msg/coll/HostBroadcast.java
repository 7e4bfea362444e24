package org.jomp.msg.coll;

import org.jomp.msg.transport.HostMemory;
import org.jomp.msg.transport.PayloadKind;

/**
 * Broadcast through {@link HostMemory} (as Open MPI's coll/sm broadcasts through a node's shared segment): the root
 * copies the data into the current half once, a barrier, and every other rank copies it out. Data larger than a
 * half (every rank's slot together) goes in rounds. Over messages the root's data is copied once per receiver into
 * a socket or ring and once out of it, and each round of the tree waits for its ranks to be scheduled.
 */
public final class HostBroadcast {
    private HostBroadcast() {
    }

    public static void run(PointToPoint p, HostMemory m, Object buf, int off, int count, int root) {
        PayloadKind kind = PayloadKind.ofSlice(buf);
        int perRound = (int) Math.min(Integer.MAX_VALUE, (long) m.slotBytes() * p.size() / kind.bytesPerElement());
        for (int done = 0; done < count; done += perRound) {
            int k = Math.min(perRound, count - done);
            m.nextHalf();
            if (done == 0) {
                HostArguments.sign(p, m, kind, count, root);
            }
            if (p.rank() == root) {
                m.put(0, 0, kind, buf, off + done, k);
            }
            HostBarrier.run(p, m);
            if (done == 0) {
                HostArguments.check(p, m, kind, count, root);
            }
            if (p.rank() != root) {
                m.get(0, 0, kind, buf, off + done, k);
            }
        }
    }
}
