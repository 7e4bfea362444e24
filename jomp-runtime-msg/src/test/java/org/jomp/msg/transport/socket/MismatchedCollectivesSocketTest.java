package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Rank JVMs over sockets that call different collectives end with an error naming both calls, instead of
 * hanging: small (eager) and large (rendezvous) messages.
 */
class MismatchedCollectivesSocketTest {
    /** For {@link #run}: the ranks may end with any status, but none may hang. */
    private static final int ANY_STATUS = -1;

    @ParameterizedTest(name = "{0} ranks, {1} doubles")
    @CsvSource({"2, 4", "3, 4", "2, 65536"})
    void ranksInDifferentCollectivesEndWithAnErrorNamingBoth(int n, int count) {
        String out = runFailing(n, count, "calls");
        // Among 3 ranks of one host both collectives go through host memory, whose barrier compares them.
        String theirs = n == 2 ? "rank \\d sent a message of its" : "rank \\d is in its";
        String ours = n == 2 ? "waits for one of its" : "is in its";
        assertTrue(Pattern.compile("(allgather|allreduce) on rank \\d: " + theirs + " collective #2,"
                + " (allgather|allreduce), while this rank " + ours + " collective #2").matcher(out).find(), out);
    }

    /**
     * Broadcasts from different roots. Between 2 ranks each root waits for its receivers, and learns from the other
     * root. Among more, the ranks of one host broadcast through host memory (after the barrier has mapped it): a
     * small broadcast's two self-declared roots claim the same message in the host ring and one fails, or a reader
     * finds the message of a root it does not expect; a large one's ranks compare their collectives at its first
     * barrier in host memory.
     */
    @ParameterizedTest(name = "{0} ranks, {1} doubles")
    @CsvSource({"2, 4", "3, 4", "4, 4", "2, 65536", "3, 65536"})
    void broadcastsFromDifferentRootsEndWithAnErrorNamingBoth(int n, int count) {
        String out = runFailing(n, count, "roots");
        String messages = "(bcast|barrier) on rank \\d: rank \\d sent a message of its collective #\\d, bcast with"
                + " root \\d, while this rank (waits for|sends) one of its collective #\\d, (bcast with root|barrier)";
        String ring = "bcast on rank \\d: (another rank broadcasts as the root of its collective #2, bcast with root"
                + " \\d, while this rank broadcasts as the root of its|the broadcast this rank reads comes from a root"
                + " in its collective #2, bcast with root \\d, while this rank is in its) collective #2, bcast with"
                + " root \\d";
        String slots = "bcast on rank \\d: rank \\d is in its collective #2, bcast with root \\d, while this rank is"
                + " in its collective #2, bcast with root \\d";
        assertTrue(Pattern.compile(n == 2 ? messages : count == 4 ? ring : slots).matcher(out).find(), out);
    }

    /** A broadcast whose receivers expect more than the root sends: they name the counts instead of going on. */
    @ParameterizedTest(name = "{0} ranks, {1} doubles")
    @CsvSource({"2, 4", "3, 4", "4, 65536"})
    void broadcastsOfDifferentCountsEndWithAnErrorNamingThem(int n, int count) {
        String out = runFailing(n, count, "counts");
        assertTrue(Pattern.compile("bcast on rank \\d: rank \\d sent \\d+ double where this rank expects \\d+ \\(the"
                + " ranks called bcast with different counts\\)").matcher(out).find(), out);
    }

    /**
     * A root whose broadcast is too large for the host ring, sent through the slots of host memory, while the other
     * ranks expect a small one and wait for it in the ring: they see the root arrive at the slots' barrier in this
     * collective and name the difference.
     */
    @Test
    void aRootThatUsesTheSlotsWhileTheOthersReadTheRingEndsWithAnError() {
        String out = runFailing(3, 4, "ring-counts");
        assertTrue(Pattern.compile("bcast on rank [12]: rank 0 takes part in this bcast through the slots of host"
                + " memory, while this rank reads its ring: the ranks called bcast with different counts or types")
                .matcher(out).find(), out);
    }

    /**
     * A rank that ends while the others wait for it in a barrier in host memory (3 ranks of one host): they name it
     * instead of waiting for ever (or one of them learns it from the other's failure). It ends normally, so its own
     * status is 0.
     */
    @Test
    void aRankThatEndsBeforeABarrierInHostMemoryIsNamed() {
        String out = run(3, 4, "skip", ANY_STATUS);
        for (int r : new int[] {0, 2}) {
            assertTrue(Pattern.compile("\\[" + r + "\\].*barrier on rank \\d: rank 1 ended without taking part in it")
                    .matcher(out).find(), out);
        }
    }

    /**
     * Allgathers and allreduces whose ranks pass different counts, among 3 ranks of one host with large data, where
     * they go through host memory: every rank names the counts instead of reading data of another length.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"allgather", "allreduce"})
    void hostMemoryCollectivesOfDifferentCountsEndWithAnErrorNamingThem(String call) {
        String out = runFailing(3, 65536, call + "-counts");
        for (int r = 0; r < 3; r++) {
            assertTrue(Pattern.compile("\\[" + r + "\\].*" + call + " on rank " + r + ": rank \\d sent \\d+ double"
                    + " where this rank expects \\d+ \\(the ranks called " + call + " with different counts\\)")
                    .matcher(out).find(), out);
        }
    }

    /**
     * Two ranks that each broadcast as root in the last collective: each one's message reaches a rank that waits
     * for nothing, so no receive can see it. Where both send before either ends, both end normally and warn that they
     * end with a collective's message unreceived; a rank that reaches its bcast only after the other has said goodbye
     * fails instead, naming the rank that ended without receiving (seen in CI with the two JVMs on 2 busy cores). One
     * of the two reports is required. (With more ranks some rank receives, and fails as above.)
     */
    @Test
    void aMismatchInTheLastCollectiveIsReportedWhenTheRanksEnd() {
        String out = run(2, 4, "last-roots", ANY_STATUS);
        boolean bothWarn = true;
        boolean lateSend = false;
        for (int r = 0; r < 2; r++) {
            bothWarn &= out.contains("jomp: warning: rank " + r + " ended with 1 message of collectives it never"
                    + " received (from rank " + (1 - r) + " of its communicator, its collective #2, bcast with root "
                    + (1 - r) + ")");
            lateSend |= out.contains("bcast on rank " + r + ": send on rank " + r + " to rank " + (1 - r) + ": rank "
                    + (1 - r) + " has ended without receiving this message");
        }
        assertTrue(bothWarn || lateSend, out);
    }

    /** Ranks that agree end normally and say nothing of unreceived messages. */
    @ParameterizedTest(name = "{0} ranks, {1} doubles")
    @CsvSource({"2, 4", "3, 4", "3, 65536"})
    void agreeingRanksEndWithoutWarnings(int n, int count) {
        String out = run(n, count, "agree", 0);
        assertFalse(out.contains("jomp: warning"), out);
    }

    /** Runs {@link MismatchApp} on {@code n} rank JVMs; every rank must end with an error, none hang. */
    private static String runFailing(int n, int count, String mode) {
        String out = run(n, count, mode, 1);
        assertFalse(out.contains("no mismatch seen"), out);
        return out;
    }

    /**
     * Runs {@link MismatchApp} on {@code n} rank JVMs and returns their output; none may hang, and every rank must
     * exit with status 0 ({@code failing} 0) or with an error (1), or either ({@link #ANY_STATUS}).
     */
    private static String run(int n, int count, String mode, int failing) {
        int port = JvmJob.freePort();
        String secret = JobSecret.randomText();
        try (JvmJob job = JvmJob.start(n, MismatchApp.class.getName(), r -> JvmJob.jompEnv(r, n, port, secret),
                List.of(), Integer.toString(count), mode)) {
            int[] codes = job.await(60);
            String out = job.allOutput();
            for (int r = 0; r < n; r++) {
                assertNotEquals(-1, codes[r], "rank " + r + " had to be killed: it hung\n" + out);
                if (failing == ANY_STATUS) {
                    continue;
                }
                if (failing == 0) {
                    assertEquals(0, codes[r], "rank " + r + " failed\n" + out);
                } else {
                    assertNotEquals(0, codes[r], "rank " + r + " went on\n" + out);
                }
            }
            return out;
        }
    }
}
