package org.jomp.msg;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Bad arguments throw at once, naming the call, the rank and the offending argument. */
class BadArgumentsTest {

    private static void assertRejected(String call, int rank, String detail, Executable e) {
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, e);
        assertTrue(x.getMessage().startsWith(call + " on rank " + rank + ": "), x.getMessage());
        assertTrue(x.getMessage().contains(detail), x.getMessage());
    }

    @Test
    void pointToPointArgumentsAreChecked() {
        EmbeddedLauncher.run(3, w -> {
            int r = w.rank();
            int[] b = new int[4];
            assertRejected("send", r, "dest = 3", () -> w.send(b, 0, 1, 3, 0));
            assertRejected("isend", r, "dest = -1", () -> w.isend(b, 0, 1, -1, 0));
            assertRejected("recv", r, "count = -2", () -> w.recv(b, 0, -2, 0, 0));
            assertRejected("irecv", r, "source = 7", () -> w.irecv(b, 0, 1, 7, 0));
            assertRejected("send", r, "tag = -4", () -> w.send(b, 0, 1, 0, -4));
            assertRejected("send", r, "offset 3, count 2", () -> w.send(b, 3, 2, 0, 0));
            assertRejected("send", r, "buf is null", () -> w.send(null, 0, 0, 0, 0));
            assertRejected("send", r, "must be a primitive array", () -> w.send("text", 0, 1, 0, 0));
            assertRejected("sendObject", r, "not serializable", () -> w.sendObject(new Object(), 0, 0));
            assertRejected("probe", r, "tag = -3", () -> w.probe(0, -3));
        });
    }

    @Test
    void byteBufferSlicesAreChecked() {
        EmbeddedLauncher.run(2, w -> {
            int r = w.rank();
            ByteBuffer b = ByteBuffer.allocateDirect(16).limit(8);
            assertRejected("send", r, "[offset 4, count 5] is outside the ByteBuffer's limit 8",
                    () -> w.send(b, 4, 5, 0, 0));
            assertRejected("irecv", r, "[offset -1, count 2]", () -> w.irecv(b, -1, 2, 0, 0));
            assertRejected("recv", r, "count = -1", () -> w.recv(b, 0, -1, 0, 0));
            assertRejected("recv", r, "buf is a read-only ByteBuffer", () -> w.recv(b.asReadOnlyBuffer(), 0, 1, 0,
                    0));
            assertRejected("sendrecv", r, "buf is a read-only ByteBuffer", () -> w.sendrecv(b, 0, 1, 0, 0,
                    b.asReadOnlyBuffer(), 0, 1, 0, 0));
            assertRejected("bcast", r, "buf slice [offset 0, count 9] is outside the ByteBuffer's limit 8",
                    () -> w.bcast(b, 0, 9, 0));
            if (r == 1) {
                assertRejected("bcast", r, "buf is a read-only ByteBuffer", () -> w.bcast(b.asReadOnlyBuffer(), 0, 1,
                        0));
            }
            assertRejected("allgather", r, "recvBuf is a read-only ByteBuffer", () -> w.allgather(b, 0,
                    b.asReadOnlyBuffer(), 0, 1));
            assertRejected("alltoallv", r, "recvBuf block 1 slice [offset 7, count 2]", () -> w.alltoallv(b,
                    new int[] {1, 1}, new int[] {0, 1}, b, new int[] {1, 2}, new int[] {0, 7}));
            assertRejected("allgather", r, "sendBuf is java.nio.DirectByteBuffer but recvBuf is double[]",
                    () -> w.allgather(b, 0, new double[2], 0, 1));
            assertRejected("allreduce", r, "a ByteBuffer has no element type to combine; reductions take arrays",
                    () -> w.allreduce(b, 0, b, 0, 1, Op.SUM));
        });
    }

    @Test
    void collectiveArgumentsAreChecked() {
        EmbeddedLauncher.run(2, w -> {
            int r = w.rank();
            double[] d = new double[4];
            assertRejected("bcast", r, "root = 2", () -> w.bcast(d, 0, 1, 2));
            assertRejected("reduce", r, "root = -1", () -> w.reduce(d, 0, d, 0, 1, Op.SUM, -1));
            assertRejected("allreduce", r, "BAND is not defined on double", () -> w.allreduce(d, 0, d, 0, 1,
                    Op.BAND));
            assertRejected("allreduce", r, "count is odd", () -> w.allreduce(d, 0, d, 0, 3, Op.MINLOC));
            assertRejected("allreduce", r, "sendBuf is double[] but recvBuf is int[]",
                    () -> w.allreduce(d, 0, new int[4], 0, 1, Op.SUM));
            assertRejected("allgather", r, "recvBuf slice", () -> w.allgather(d, 0, new double[3], 0, 2));
            assertRejected("gatherv", r, "counts must have one entry per rank", () -> w.gatherv(d, 0, 1,
                    new double[4], new int[1], new int[1], r));
            assertRejected("allgatherv", r, "counts[" + r + "] = 2 but sendCount = 1", () -> w.allgatherv(d, 0, 1,
                    new double[4], new int[] {2, 2}, new int[] {0, 2}));
            assertRejected("split", r, "color = -5", () -> w.split(-5, 0));
            assertRejected("scatterObjects", r, "one object per rank", () -> w.scatterObjects(
                    java.util.List.of(1), r));
        });
    }

    /**
     * Small messages between thread ranks wait in a ring, where a blocking receive looks at each first if its
     * sender waits meanwhile; once their sender has ended they are moved out of it and received the usual way. Both
     * ways check the buffer.
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aReceiveBufferTooSmallFailsTheReceiveNamingSizes(boolean senderWaits) {
        EmbeddedLauncher.run(2, w -> {
            if (w.rank() == 0) {
                w.send(new long[10], 0, 10, 1, 3);
                awaitReceiver(w, senderWaits);
                w.send(new long[1], 0, 1, 1, 4);
                awaitReceiver(w, senderWaits);
            } else {
                CommException e = assertThrows(CommException.class, () -> w.recv(new long[5], 0, 5, 0, 3));
                assertTrue(e.getMessage().contains("recv on rank 1: message of 10 long from rank 0 tag 3 does not"
                        + " fit the receive buffer of 5"), e.getMessage());
                awaitReceiver(w, senderWaits);
                CommException t = assertThrows(CommException.class, () -> w.recv(new int[1], 0, 1, 0, 4));
                assertTrue(t.getMessage().contains("holds long elements but the receive expects int"),
                        t.getMessage());
                awaitReceiver(w, senderWaits);
            }
        });
    }

    private static void awaitReceiver(Comm w, boolean senderWaits) {
        if (senderWaits) {
            w.barrier();
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void mismatchedCollectiveSizesAreReportedByTheReceivingRank(boolean sharedCollectives) {
        EmbeddedLauncher.run(2, sharedCollectives, w -> {
            if (w.rank() == 0) {
                w.bcast(new int[8], 0, 8, 0);
            } else {
                CommException e = assertThrows(CommException.class, () -> w.bcast(new int[8], 0, 4, 0));
                assertTrue(e.getMessage().startsWith("bcast on rank 1: "), e.getMessage());
                assertTrue(e.getMessage().contains("8"), e.getMessage());
            }
            // Large: a direct copy with shared-memory collectives, a rendezvous message without them.
            int big = 1 << 16;
            if (w.rank() == 0) {
                w.bcast(new int[big], 0, big, 0);
            } else {
                CommException e = assertThrows(CommException.class, () -> w.bcast(new int[big], 0, big / 2, 0));
                assertTrue(e.getMessage().startsWith("bcast on rank 1: "), e.getMessage());
                assertTrue(e.getMessage().contains(big + " int"), e.getMessage());
            }
            // Every rank reports: shared memory sees every contribution, and over messages each rank receives
            // another count than it expects (more for rank 0, fewer for rank 1).
            int[] counts = {1, 2};
            CommException e = assertThrows(CommException.class, () -> w.allreduce(new int[2], 0, new int[2], 0,
                    counts[w.rank()], Op.SUM));
            assertTrue(e.getMessage().startsWith("allreduce on rank " + w.rank()), e.getMessage());
        });
    }
}
