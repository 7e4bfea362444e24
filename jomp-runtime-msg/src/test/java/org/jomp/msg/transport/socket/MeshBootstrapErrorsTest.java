package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.jomp.msg.CommException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a rank says when the job's mesh does not form, as on a cluster whose names, addresses or firewall are
 * wrong: which rank it waited for or could not reach, where, and why. Ranks are threads of this JVM on loopback.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class MeshBootstrapErrorsTest {
    private final String secret = JobSecret.randomText();
    private final int port = JvmJob.freePort();

    private MeshConfig config(int rank, int size, String advertised, long timeoutMillis) {
        return MeshConfig.of(rank, size, new InetSocketAddress("127.0.0.1", port), InetAddress.getLoopbackAddress(),
                advertised, JobSecret.of(secret), timeoutMillis);
    }

    @Test
    void aRankThatCannotReachRank0SaysWhereItTriedAndWhy() {
        CommException e = assertThrows(CommException.class, () -> Mesh.connect(config(1, 2, "127.0.0.1", 1000)));
        assertTrue(e.getMessage().contains("rank 1 of 2")
                && e.getMessage().contains("timed out connecting to rank 0 at /127.0.0.1:" + port)
                && e.getMessage().contains("refused"), e.getMessage());
    }

    @Test
    void rank0NamesTheRanksThatNeverRegistered() {
        CommException e = assertThrows(CommException.class, () -> Mesh.connect(config(0, 3, "127.0.0.1", 1000)));
        assertTrue(e.getMessage().contains("timed out for ranks 1, 2 to register"), e.getMessage());
    }

    @Test
    void aNameThatDoesNotResolveIsReportedByTheRankConnectingToItAndItsAbsenceByTheOthers() throws Exception {
        long timeout = 4000;
        // Threads of their own: on 2 cores the common pool may run one task at a time, and the ranks must overlap.
        ExecutorService ranks = Executors.newFixedThreadPool(2);
        // As between hosts: ranks of one host would reach each other over Unix sockets, whatever their host names.
        System.setProperty("jomp.msg.socket.unix", "false");
        try {
            Future<SocketTransport> rank0 = ranks.submit(() -> Mesh.connect(config(0, 3, "127.0.0.1", timeout)));
            Future<SocketTransport> rank1 = ranks.submit(
                    () -> Mesh.connect(config(1, 3, "no-such-node.invalid", timeout)));
            CommException e2 = assertThrows(CommException.class,
                    () -> Mesh.connect(config(2, 3, "127.0.0.1", timeout)));
            assertTrue(e2.getMessage().contains("rank 2 of 3") && e2.getMessage().contains(
                    "rank 1 is at 'no-such-node.invalid', a host name that does not resolve here"), e2.getMessage());
            // Rank 1 waited for rank 2, which failed before connecting to it.
            ExecutionException e1 = assertThrows(ExecutionException.class, () -> rank1.get(30, TimeUnit.SECONDS));
            assertTrue(e1.getCause() instanceof CommException
                    && e1.getCause().getMessage().contains("timed out for rank 2 to connect"), e1.toString());
            // Rank 2 connected to rank 0 before it tried rank 1, so rank 0's mesh formed.
            rank0.get(30, TimeUnit.SECONDS).abort(new CommException("the test is over"));
        } finally {
            System.clearProperty("jomp.msg.socket.unix");
            ranks.shutdownNow();
        }
    }
}
