package org.jomp.msg.transport.shm;

import static org.jomp.msg.transport.shm.SharedGroup.CONSUMED;
import static org.jomp.msg.transport.shm.SharedGroup.describe;
import static org.jomp.msg.transport.shm.SharedGroup.line;

import org.jomp.msg.CommException;
import org.jomp.msg.coll.Slices;

/**
 * A small broadcast that does not wait for its readers, as in Open MPI's coll/sm: the broadcast has its own
 * generation count b; the root copies its data into staging buffer b mod 2 of the {@link SharedGroup}, stores the
 * count and publishes b in the broadcast line; each reader waits for b, copies, and records b as consumed in its
 * own line. Before the root of b + 2 reuses that buffer it waits until every rank has consumed b, normally long
 * done, so a root runs up to two broadcasts ahead of its slowest reader.
 */
final class FlagBroadcast {
    private FlagBroadcast() {
    }

    static void run(SharedMember m, Object buf, int offset, int count, int root) {
        SharedGroup g = m.group;
        long b = ++m.bcastGeneration;
        int parity = (int) (b & 1);
        if (m.rank == root) {
            for (int r = 0; r < g.size; r++) {
                if (r != m.rank) {
                    m.await(line(r, CONSUMED), b - 2, r, "bcast");
                }
            }
            Object s = g.bcastStage[parity];
            if (s == null || s.getClass() != buf.getClass() || java.lang.reflect.Array.getLength(s) < count) {
                s = Slices.allocate(buf, Math.max(count, 16));
                g.bcastStage[parity] = s;
            }
            System.arraycopy(buf, offset, s, 0, count);
            g.lines.setPlain(g.bcastLine + 1 + parity, count);
            g.lines.setRelease(g.bcastLine, b);
            // The root has "consumed" its own generation too: a later root with another rank waits on this line.
            g.lines.setRelease(line(m.rank, CONSUMED), b);
        } else {
            m.await(g.bcastLine, b, root, "bcast");
            Object s = g.bcastStage[parity];
            int sent = (int) g.lines.getPlain(g.bcastLine + 1 + parity);
            boolean fits = s.getClass() == buf.getClass() && sent == count;
            if (fits) {
                System.arraycopy(s, 0, buf, offset, count);
            }
            g.lines.setRelease(line(m.rank, CONSUMED), b);
            if (!fits) {
                throw new CommException("bcast on rank " + m.rank + ": root " + root + " broadcasts " + sent + " "
                        + describe(s) + " but this rank expects " + count + " " + describe(buf));
            }
        }
    }
}
