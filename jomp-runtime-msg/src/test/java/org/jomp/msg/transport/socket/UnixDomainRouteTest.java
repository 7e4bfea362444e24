package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * When two ranks of one host do not meet over a Unix socket ({@link UnixDomainRoute}): turned off, a directory that
 * cannot hold one, a path that is gone. Each time the mesh still forms, over TCP. Ranks are threads of this JVM, each
 * with its own socket transport.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class UnixDomainRouteTest {
    private static final String[] PROPERTIES = {"jomp.msg.socket.unix", "jomp.msg.socket.unixDir"};
    private final List<String> warnings = new CopyOnWriteArrayList<>();
    private final Logger log = Logger.getLogger(UnixDomainRoute.class.getName());
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord r) {
            if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                warnings.add(r.getMessage());
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private final int port = JvmJob.freePort();

    @BeforeEach
    void setUp() {
        assumeTrue(UnixDomainRoute.available(), "no Unix sockets between ranks here (not Linux)");
        log.addHandler(capture);
    }

    @AfterEach
    void tearDown() {
        log.removeHandler(capture);
        for (String p : PROPERTIES) {
            System.clearProperty(p);
        }
    }

    private MeshConfig config(int rank) {
        return MeshConfig.of(rank, 2, new InetSocketAddress("127.0.0.1", port), InetAddress.getLoopbackAddress(),
                "127.0.0.1", JobSecret.of("unix-domain-route-test"), 20_000);
    }

    /** Forms a 2-rank mesh, started by {@code between} after rank 0 listens, and returns how rank 1 reached 0. */
    private String routeOfRank1(Runnable between) throws Exception {
        CompletableFuture<SocketTransport> rank0 = CompletableFuture.supplyAsync(() -> Mesh.connect(config(0)));
        between.run();
        SocketTransport t1 = Mesh.connect(config(1));
        SocketTransport t0 = rank0.get(30, TimeUnit.SECONDS);
        try {
            return t1.connectionTo(0).where;
        } finally {
            CompletableFuture<Void> closing = CompletableFuture.runAsync(t1::close);
            t0.close();
            closing.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void ranksOfOneHostMeetOverAUnixSocketByDefault() throws Exception {
        assertEquals("from rank 0 over a Unix socket", routeOfRank1(() -> { }));
        assertEquals(List.of(), warnings);
    }

    @Test
    void turnedOffTheyMeetOverTcp() throws Exception {
        System.setProperty("jomp.msg.socket.unix", "false");
        assertNull(UnixDomainRoute.listen(0));
        assertTrue(routeOfRank1(() -> { }).startsWith("from rank 0 at /127.0.0.1:"));
        assertEquals(List.of(), warnings);
    }

    @Test
    void aDirectoryThatIsNotThereIsWarnedOfAndTheyMeetOverTcp(@TempDir Path base) throws Exception {
        Path missing = base.resolve("missing");
        System.setProperty("jomp.msg.socket.unixDir", missing.toString());
        assertTrue(routeOfRank1(() -> { }).startsWith("from rank 0 at /127.0.0.1:"));
        assertTrue(warnings.stream().anyMatch(w -> w.startsWith("rank 0: cannot listen on a Unix socket in "
                + missing) && w.endsWith("connecting over TCP only")), warnings.toString());
    }

    @Test
    void aPeerWhoseSocketIsGoneIsReachedOverTcp(@TempDir Path base) throws Exception {
        System.setProperty("jomp.msg.socket.unixDir", base.toString());
        String route = routeOfRank1(() -> {
            try {
                Path socket = null;
                for (int i = 0; i < 400 && socket == null; i++) {
                    try (Stream<Path> dirs = Files.list(base)) {
                        socket = dirs.map(d -> d.resolve("r0")).filter(Files::exists).findFirst().orElse(null);
                    }
                    Thread.sleep(25);
                }
                assertTrue(socket != null, "rank 0 did not listen on a Unix socket under " + base);
                Files.delete(socket);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        assertTrue(route.startsWith("from rank 0 at /127.0.0.1:"), route);
    }
}
