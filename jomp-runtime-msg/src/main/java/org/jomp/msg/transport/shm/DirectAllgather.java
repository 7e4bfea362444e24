package org.jomp.msg.transport.shm;

import org.jomp.msg.CommException;
import org.jomp.msg.transport.SliceCopy;

/**
 * A large allgather(v) with one copy per block: every rank publishes a reference to its send slice in the
 * {@link SharedGroup} and arrives; then each copies the others' blocks straight out of their arrays, all ranks at
 * once, and arrives again, so that no rank returns (and reuses its array) while another still reads it.
 */
final class DirectAllgather {
    private DirectAllgather() {
    }

    static void run(SharedMember m, Object sendBuf, int sendOffset, int sendCount, Object recvBuf, int[] counts,
                    int[] displs) {
        int parity = m.publish(sendBuf, sendOffset, sendCount);
        FlatBarrier.arrive(m, "allgather");
        int size = m.group.size;
        String error = null;
        for (int i = 1; i < size && error == null; i++) {
            int r = (m.rank + i) % size;
            error = m.mismatch("allgather", parity, r, counts[r], recvBuf);
            if (error == null) {
                SliceCopy.copy(m.group.refs[parity][r], m.group.refOffsets[parity][r], recvBuf, displs[r],
                        counts[r]);
            }
        }
        SliceCopy.copy(sendBuf, sendOffset, recvBuf, displs[m.rank], sendCount);
        FlatBarrier.arrive(m, "allgather");
        m.unpublish(parity);
        if (error != null) {
            throw new CommException(error);
        }
    }
}
