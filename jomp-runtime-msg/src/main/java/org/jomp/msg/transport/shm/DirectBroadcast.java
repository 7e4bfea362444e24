package org.jomp.msg.transport.shm;

import static org.jomp.msg.transport.shm.SharedGroup.describe;

import org.jomp.msg.CommException;
import org.jomp.msg.coll.Slices;
import org.jomp.msg.transport.SliceCopy;

/**
 * A large broadcast with one copy per receiver, made by all ranks at once: every rank publishes a reference to its
 * slice in the {@link SharedGroup} (the root its data, the others where it goes) and arrives; then the
 * {@code size - 1} copies of the root's slice, taken as one run of elements, are split evenly over all the ranks,
 * the root included, and each copies its share straight from the root's array into the receivers' arrays; all
 * arrive again, so that no rank returns (and reuses its array) while another still reads or writes it. With 2 ranks
 * the root copies half the slice instead of waiting while the receiver copies all of it.
 */
final class DirectBroadcast {
    private DirectBroadcast() {
    }

    static void run(SharedMember m, Object buf, int offset, int count, int root) {
        int parity = m.publish(buf, offset, count);
        FlatBarrier.arrive(m, "bcast");
        SharedGroup g = m.group;
        Object source = g.refs[parity][root];
        int sent = m.stagedCount(parity, root);
        String error = null;
        if (m.rank != root && !fits(m, parity, root, m.rank)) {
            error = "bcast on rank " + m.rank + ": root " + root + " broadcasts " + sent + " " + describe(source)
                    + " but this rank expects " + count + " " + describe(buf);
        }
        int size = g.size;
        long units = (long) (size - 1) * sent;
        long to = units * (m.rank + 1) / size;
        for (long u = units * m.rank / size; u < to; ) {
            int k = (int) (u / sent);
            int receiver = k < root ? k : k + 1;
            int at = (int) (u % sent);
            int n = (int) Math.min(to - u, sent - at);
            if (fits(m, parity, root, receiver)) {
                SliceCopy.copyAcross(source, g.refOffsets[parity][root] + at, g.refs[parity][receiver],
                        g.refOffsets[parity][receiver] + at, n);
            }
            u += n;
        }
        FlatBarrier.arrive(m, "bcast");
        m.unpublish(parity);
        if (error != null) {
            throw new CommException(error);
        }
    }

    /** Whether receiver {@code r} expects what the root broadcasts: otherwise nobody copies into it, and it throws. */
    private static boolean fits(SharedMember m, int parity, int root, int r) {
        Object source = m.group.refs[parity][root];
        Object dest = m.group.refs[parity][r];
        return source != null && dest != null && Slices.sameKind(source, dest)
                && m.stagedCount(parity, root) == m.stagedCount(parity, r);
    }
}
