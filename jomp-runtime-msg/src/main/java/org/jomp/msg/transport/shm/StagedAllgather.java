package org.jomp.msg.transport.shm;

import org.jomp.msg.CommException;
import org.jomp.msg.transport.SliceCopy;

/**
 * A small allgather(v), flat: each rank copies its slice into its own slot of the {@link SharedGroup} and arrives
 * at the {@link FlatBarrier}; then every rank copies the others' slots into place. One arrival (copying straight out
 * of the users' arrays, as {@link DirectAllgather} does, needs a second so that nobody reuses an array another still
 * reads).
 */
final class StagedAllgather {
    private StagedAllgather() {
    }

    static void run(SharedMember m, Object sendBuf, int sendOffset, int sendCount, Object recvBuf, int[] counts,
                    int[] displs) {
        int parity = m.stage(sendBuf, sendOffset, sendCount);
        FlatBarrier.arrive(m, "allgather");
        int size = m.group.size;
        for (int i = 1; i < size; i++) {
            int r = (m.rank + i) % size;
            String error = m.stagedMismatch("allgather", parity, r, counts[r], recvBuf);
            if (error != null) {
                throw new CommException(error);
            }
            m.copyStaged(parity, r, recvBuf, displs[r], counts[r]);
        }
        SliceCopy.copy(sendBuf, sendOffset, recvBuf, displs[m.rank], sendCount);
    }
}
