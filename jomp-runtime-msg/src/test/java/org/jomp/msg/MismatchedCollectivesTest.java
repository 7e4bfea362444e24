package org.jomp.msg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.msg.launch.JobFailedException;
import org.jomp.msg.transport.CollectiveTag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ranks that call different collectives, skip one, or name different roots get an exception that names both
 * collectives instead of hanging or mixing the data of two collectives: over shared-memory flags and over messages
 * (the path sockets take), with small and large data.
 */
@Timeout(30)
class MismatchedCollectivesTest {
    private static final String RULE = "every rank must call the same collectives of a communicator in the same order";
    /** Marks what a rank said when it threw a {@link CollectiveMismatchException}. */
    private static final String MISMATCH = "[mismatch] ";

    static Stream<Arguments> jobs() {
        List<Arguments> all = new ArrayList<>();
        for (int n : new int[] {2, 3, 4}) {
            for (boolean shared : new boolean[] {true, false}) {
                for (int count : new int[] {4, 1 << 14}) {
                    all.add(Arguments.of(n, shared, count));
                }
            }
        }
        return all.stream();
    }

    /**
     * Runs {@code body} on every rank, as a program would (an exception ends its rank, and the job), and returns what
     * each rank's exception said, or "" for a rank that returned. Ranks left waiting for a failed one get an
     * exception naming it, so nothing hangs.
     */
    private static Map<Integer, String> run(int n, boolean shared, RankMain body) {
        Map<Integer, String> said = new ConcurrentHashMap<>();
        try {
            EmbeddedLauncher.run(n, shared, w -> {
                try {
                    body.run(w);
                    said.put(w.rank(), "");
                } catch (CommException e) {
                    said.put(w.rank(), (e instanceof CollectiveMismatchException ? MISMATCH : "") + e.getMessage());
                    throw e;
                }
            });
        } catch (JobFailedException e) {
            // The first rank that threw; what every rank said is checked below.
        }
        assertEquals(n, said.size(), "every rank returns or throws: " + said);
        return said;
    }

    @FunctionalInterface
    interface RankMain {
        void run(Comm w);
    }

    /**
     * The messages in which a rank reports the mismatch itself ("allgather on rank 0: rank 1 ..."), each checked to
     * name {@code calls}; there must be one. (The other ranks may report it too, or fail because a rank did.)
     */
    private static List<String> mismatches(Map<Integer, String> said, String... calls) {
        List<String> found = new ArrayList<>();
        said.forEach((rank, message) -> {
            if (message.contains(RULE) && Pattern.compile("^(\\[mismatch\\] )?\\w+ on rank " + rank + ": rank \\d+ ")
                    .matcher(message).find()) {
                assertTrue(message.startsWith(MISMATCH), "not a CollectiveMismatchException: " + message);
                for (String call : calls) {
                    assertTrue(message.contains(call), "rank " + rank + " should name " + call + ": " + message);
                }
                found.add(message);
            }
        });
        assertFalse(found.isEmpty(), "no rank reported the mismatch: " + said);
        return found;
    }

    @ParameterizedTest(name = "{0} ranks, shared {1}, {2} doubles")
    @MethodSource("jobs")
    void differentCollectivesFailNamingBoth(int n, boolean shared, int count) {
        Map<Integer, String> said = run(n, shared, w -> {
            double[] x = new double[count];
            double[] all = new double[count * w.size()];
            if (w.rank() == 0) {
                w.allgather(x, 0, all, 0, count);
            } else {
                w.allreduce(x, 0, x, 0, count, Op.SUM);
            }
        });
        mismatches(said, "allgather", "allreduce", "collective #1");
    }

    @ParameterizedTest(name = "{0} ranks, shared {1}, {2} doubles")
    @MethodSource("jobs")
    void aSkippedCollectiveIsCaughtByTheNextOne(int n, boolean shared, int count) {
        Map<Integer, String> said = run(n, shared, w -> {
            double[] x = new double[count];
            w.allreduce(x, 0, x, 0, count, Op.SUM);
            if (w.rank() == n - 1) {
                w.bcast(x, 0, count, n - 1);
            }
            w.barrier();
        });
        mismatches(said, "collective #2");
    }

    /**
     * Ranks that broadcast from different roots. Over messages, small ones are sent eagerly and no root waits, so
     * the stray messages are found by the next collective; a large one's roots wait for their receivers, and the
     * other root's announcement, of the same collective number with another root, fails that wait. In shared
     * memory a large broadcast's arrival carries the root. Not checked, since nothing can show it: a small
     * shared-memory broadcast whose ranks all believe themselves the root (nobody reads; see FlagBroadcast).
     */
    @ParameterizedTest(name = "{0} ranks, shared {1}, {2} doubles")
    @MethodSource("broadcastsWithAReader")
    void differentBroadcastRootsAreCaughtAtTheLatestByTheNextCollective(int n, boolean shared, int count) {
        Map<Integer, String> said = run(n, shared, w -> {
            double[] x = new double[count];
            w.bcast(x, 0, count, w.rank() == 0 ? 0 : 1);
            w.barrier();
        });
        mismatches(said, "bcast with root");
    }

    /** Every job but the small shared-memory broadcasts, in which nobody reads (above). */
    static Stream<Arguments> broadcastsWithAReader() {
        return jobs().filter(a -> !(boolean) a.get()[1] || (int) a.get()[2] >= 1 << 14);
    }

    /**
     * Ranks that reduce to different roots, which the shared-memory reductions' arrival catches. (Over messages
     * two ranks that each wait for the other as their root send nothing, and wait as MPI ranks would.)
     */
    @ParameterizedTest(name = "{0} ranks, {1} doubles")
    @MethodSource("ranksAndCounts")
    void sharedReductionsToDifferentRootsFail(int n, int count) {
        Map<Integer, String> said = run(n, true, w -> {
            double[] x = new double[count];
            w.reduce(x, 0, x, 0, count, Op.SUM, w.rank() == 0 ? 0 : 1);
        });
        mismatches(said, "reduce with root 0", "reduce with root 1");
    }

    static Stream<Arguments> ranksAndCounts() {
        return jobs().filter(a -> (boolean) a.get()[1]).map(a -> Arguments.of(a.get()[0], a.get()[2]));
    }

    /**
     * Ranks that reduce or broadcast different counts: a rank that receives another count than it expects names
     * both, instead of going on with a part of the data (over messages a shorter message would fit its buffer).
     */
    @ParameterizedTest(name = "{0} ranks, shared {1}, {2} doubles")
    @MethodSource("jobs")
    void differentCountsFailNamingThem(int n, boolean shared, int count) {
        for (String call : new String[] {"reduce", "allreduce", "bcast"}) {
            Map<Integer, String> said = run(n, shared, w -> {
                int mine = w.rank() == 0 ? count + 2 : count;
                double[] x = new double[mine];
                switch (call) {
                    case "reduce" -> w.reduce(x, 0, x, 0, mine, Op.SUM, 0);
                    case "allreduce" -> w.allreduce(x, 0, x, 0, mine, Op.SUM);
                    default -> w.bcast(x, 0, mine, 0);
                }
            });
            Pattern named = Pattern.compile(call + " on rank (\\d+): (rank|root) \\d+ (sent|contributes|broadcasts|has)"
                    + " \\d+ (double )?.*expects \\d+");
            assertTrue(said.values().stream().anyMatch(m -> named.matcher(m).find()), call + ": " + said);
        }
    }

    @ParameterizedTest(name = "{0} ranks, shared {1}, {2} doubles")
    @MethodSource("jobs")
    void aBarrierMetByABroadcastFails(int n, boolean shared, int count) {
        Map<Integer, String> said = run(n, shared, w -> {
            double[] x = new double[count];
            if (w.rank() == 1) {
                w.barrier();
            } else {
                w.bcast(x, 0, count, 0);
            }
            w.barrier();
        });
        mismatches(said, "barrier");
    }

    @ParameterizedTest(name = "{0} ranks, shared {1}")
    @MethodSource("ranksAndPaths")
    void objectCollectivesAreCheckedToo(int n, boolean shared) {
        Map<Integer, String> said = run(n, shared, w -> {
            if (w.rank() == 0) {
                w.allgatherObjects("rank " + w.rank());
            } else {
                w.bcastObject("from 0", 0);
            }
            w.barrier();
        });
        mismatches(said, "allgatherObjects", "bcastObject with root 0");
    }

    static Stream<Arguments> ranksAndPaths() {
        return jobs().filter(a -> (int) a.get()[2] == 4).map(a -> Arguments.of(a.get()[0], a.get()[1]));
    }

    /**
     * Ranks far ahead of a sleeping one are not taken for a mismatch. Non-roots of gatherv wait for nobody, so
     * without the barrier every {@link CollectiveTag#EPOCH} collectives rank 2 ran 65,536 numbers ahead of rank 0,
     * which waits for the sleeping rank 1 in its first collective, and its message of the same number modulo 2^16
     * failed that wait ("rank 2 sent a message of its collective #1, gatherv ..."); over shared memory the same
     * aliasing failed rank 1's barrier against rank 0's first gather.
     */
    @ParameterizedTest(name = "shared {0}")
    @ValueSource(booleans = {true, false})
    void ranksFarAheadOfASleepingRankAreNotTakenForAMismatch(boolean shared) {
        EmbeddedLauncher.run(3, shared, w -> {
            int[] mine = {w.rank()};
            int[] all = new int[3];
            int[] counts = {1, 1, 1};
            int[] displs = {0, 1, 2};
            if (w.rank() == 1) {
                Thread.sleep(1500);
            }
            w.gather(mine, 0, all, 0, 1, 0);
            for (int i = 0; i < 4 * CollectiveTag.EPOCH; i++) {
                w.gatherv(mine, 0, 1, all, counts, displs, 0);
            }
            w.barrier();
            if (w.rank() == 0) {
                assertEquals(List.of(0, 1, 2), List.of(all[0], all[1], all[2]));
            }
        });
    }

    /** The check must not fire where ranks agree: long runs of mixed collectives, roots rotating, go through. */
    @ParameterizedTest(name = "{0} ranks, shared {1}")
    @MethodSource("ranksAndPaths")
    void agreeingRanksAreNeverStopped(int n, boolean shared) {
        EmbeddedLauncher.run(n, shared, w -> {
            double[] x = new double[8];
            double[] big = new double[1 << 13];
            double[] all = new double[8 * w.size()];
            for (int i = 0; i < 3000; i++) {
                int root = i % w.size();
                switch (i % 5) {
                    case 0 -> w.bcast(x, 0, 8, root);
                    case 1 -> w.reduce(big, 0, big, 0, big.length, Op.MAX, root);
                    case 2 -> w.allgather(x, 0, all, 0, 8);
                    case 3 -> w.bcastObject(i, root);
                    default -> w.barrier();
                }
                if (w.rank() == root && i % 97 == 0) {
                    Thread.yield();
                }
            }
            Comm half = w.split(w.rank() % 2, 0);
            if (half.allreduce(1, Op.SUM) != half.size()) {
                fail("split communicator sums wrong");
            }
        });
    }
}
