package org.jomp.msg.transport.shm;

import static org.jomp.msg.transport.shm.SharedGroup.describe;

import org.jomp.msg.CommException;

/**
 * A large broadcast with one copy: the root publishes a reference to its slice in the {@link SharedGroup} and
 * arrives; every other rank copies straight out of the root's array, all at once, and arrives again, so that the
 * root does not return (and reuse its array) while another rank still reads it.
 */
final class DirectBroadcast {
    private DirectBroadcast() {
    }

    static void run(SharedMember m, Object buf, int offset, int count, int root) {
        int parity = m.publish(m.rank == root ? buf : null, offset, count);
        FlatBarrier.arrive(m, "bcast");
        String error = null;
        if (m.rank != root) {
            Object theirs = m.group.refs[parity][root];
            int sent = m.stagedCount(parity, root);
            if (theirs == null || sent != count || theirs.getClass() != buf.getClass()) {
                error = "bcast on rank " + m.rank + ": root " + root + " broadcasts " + sent + " " + describe(theirs)
                        + " but this rank expects " + count + " " + describe(buf);
            } else {
                System.arraycopy(theirs, m.group.refOffsets[parity][root], buf, offset, count);
            }
        }
        FlatBarrier.arrive(m, "bcast");
        m.unpublish(parity);
        if (error != null) {
            throw new CommException(error);
        }
    }
}
