package org.jomp.msg.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.jomp.msg.transport.socket.JobSecret;
import org.jomp.msg.transport.socket.JvmJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Socket ranks in JVMs of one host run broadcasts, allgathers and allreduces through memory they all map
 * ({@link HostCollectivesApp} in real JVMs over Unix sockets, slots of 4 KiB so that data goes in many rounds):
 * every result right, in the world and in a communicator that leaves rank 0 out, nothing left in the directory, even
 * when the ranks fail while mapping it; and when one rank cannot map the memory, every rank runs the collectives
 * over messages instead.
 */
class HostCollectivesTest {
    private static final List<String> SMALL_SLOTS = List.of("-Djomp.msg.hostSlotBytes=4096");

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {3, 4})
    void collectivesThroughHostMemoryGiveEveryRankTheRightData(int n) throws IOException {
        String out = run(n, -1);
        for (int r = 0; r < n; r++) {
            assertTrue(out.contains("log: rank " + r + ": collectives of " + n + " ranks go through host memory"),
                    out);
        }
        if (n == 4) {
            for (int r = 0; r < 3; r++) {
                assertTrue(out.contains("log: rank " + r + ": collectives of 3 ranks go through host memory"), out);
            }
        }
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.toList(), "files left in the host memory directory");
        }
    }

    @Test
    void aRankThatCannotMapTheMemoryLeavesEveryRankOnMessages() {
        String out = run(3, 2);
        for (int r = 0; r < 3; r++) {
            assertTrue(out.contains("log: rank " + r + ": a rank of 3 could not map the host memory"), out);
        }
        assertFalse(out.contains("go through host memory"), out);
    }

    /**
     * Ranks that call broadcasts from different roots fail in the join's own messages, after rank 0 has made the
     * file ({@code MismatchApp}'s "roots" with 64 Ki doubles): the file goes with the error.
     */
    @Test
    void aJoinThatFailsLeavesNoFile() throws IOException {
        int n = 3;
        int port = JvmJob.freePort();
        String secret = JobSecret.randomText();
        try (JvmJob job = JvmJob.start(n, "org.jomp.msg.transport.socket.MismatchApp", r -> {
            Map<String, String> env = new HashMap<>(JvmJob.jompEnv(r, n, port, secret));
            env.put("JAVA_TOOL_OPTIONS", "-Djomp.msg.socket.ringDir=" + dir);
            return env;
        }, List.of(), "65536", "roots")) {
            int[] codes = job.await(60);
            String out = job.allOutput();
            for (int r = 0; r < n; r++) {
                assertTrue(codes[r] != 0 && codes[r] != -1, "rank " + r + " exited with " + codes[r] + "\n" + out);
            }
            assertTrue(out.contains("CollectiveMismatchException"), out);
        }
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.toList(), "files left in the host memory directory");
        }
    }

    /** Runs {@link HostCollectivesApp} on {@code n} ranks; rank {@code blind} (if any) has no directory to map. */
    private String run(int n, int blind) {
        int port = JvmJob.freePort();
        String secret = JobSecret.randomText();
        try (JvmJob job = JvmJob.start(n, HostCollectivesApp.class.getName(), r -> {
            Map<String, String> env = new HashMap<>(JvmJob.jompEnv(r, n, port, secret));
            env.put("JAVA_TOOL_OPTIONS", "-Djomp.msg.socket.ringDir=" + (r == blind ? dir.resolve("missing") : dir));
            return env;
        }, SMALL_SLOTS)) {
            int[] codes = job.await(120);
            String out = job.allOutput();
            assertArrayEquals(new int[n], codes, out);
            for (int r = 0; r < n; r++) {
                assertTrue(job.output(r).contains("rank " + r + " ok"), out);
            }
            return out;
        }
    }
}
