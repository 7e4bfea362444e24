package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class LoopTest {

    private static final Duration LIMIT = Duration.ofSeconds(30);

    private static final Schedule[] SCHEDULES = {
        Schedule.STATIC, Schedule.staticChunk(1), Schedule.staticChunk(3), Schedule.dynamic(1),
        Schedule.dynamic(4), Schedule.dynamic(3).monotonic(), Schedule.guided(1), Schedule.guided(5), Schedule.AUTO,
        Schedule.RUNTIME,
    };

    /** lo, hi, step, inclusive: every shape of range the translator produces. */
    private static final long[][] RANGES = {
        {0, 100, 1, 0}, {0, 101, 1, 0}, {0, 7, 1, 0}, {0, 0, 1, 0}, {5, 3, 1, 0}, {0, 1, 1, 0},
        {0, 100, 1, 1}, {3, 3, 1, 1}, {3, 2, 1, 1}, {-50, 50, 7, 0}, {-50, 50, 7, 1}, {-49, 50, 7, 1},
        {100, 0, -1, 0}, {100, 0, -3, 1}, {99, -1, -5, 0}, {0, 0, -1, 1}, {0, 1, -1, 0},
        {Integer.MAX_VALUE - 10, Integer.MAX_VALUE, 1, 1}, {Integer.MIN_VALUE + 10, Integer.MIN_VALUE, -3, 1},
        {Integer.MAX_VALUE - 20, Integer.MAX_VALUE, 4, 1},
    };

    private static final long[][] LONG_RANGES = {
        {Long.MAX_VALUE - 10, Long.MAX_VALUE, 1, 1}, {Long.MIN_VALUE + 10, Long.MIN_VALUE, -3, 1},
        {Long.MAX_VALUE - 25, Long.MAX_VALUE, 6, 1}, {Long.MIN_VALUE, Long.MIN_VALUE + 40, 9, 0},
        {-(1L << 40), (1L << 40), 1L << 37, 0}, {10, -10, -1, 1},
    };

    static Stream<Arguments> intCases() {
        List<Arguments> cases = new ArrayList<>();
        for (int n = 1; n <= 4; n++) {
            for (Schedule s : SCHEDULES) {
                for (long[] r : RANGES) {
                    cases.add(Arguments.of(n, s, r));
                }
            }
        }
        return cases.stream();
    }

    static Stream<Arguments> longCases() {
        List<Arguments> cases = new ArrayList<>();
        for (int n = 1; n <= 4; n++) {
            for (Schedule s : SCHEDULES) {
                for (long[] r : LONG_RANGES) {
                    cases.add(Arguments.of(n, s, r));
                }
            }
        }
        return cases.stream();
    }

    /** The values of the sequential loop, computed without overflow (also for {@link StaticWalkTest}). */
    static List<Long> sequential(long lo, long hi, long step, boolean inclusive) {
        List<Long> values = new ArrayList<>();
        BigInteger i = BigInteger.valueOf(lo);
        BigInteger h = BigInteger.valueOf(hi);
        BigInteger s = BigInteger.valueOf(step);
        while (step > 0 ? (inclusive ? i.compareTo(h) <= 0 : i.compareTo(h) < 0)
                : (inclusive ? i.compareTo(h) >= 0 : i.compareTo(h) > 0)) {
            values.add(i.longValueExact());
            i = i.add(s);
        }
        return values;
    }

    @ParameterizedTest
    @MethodSource("intCases")
    void intLoopRunsEveryIterationExactlyOnce(int n, Schedule schedule, long[] r) {
        List<Long> expected = sequential(r[0], r[1], r[2], r[3] == 1);
        List<Long> got = Collections.synchronizedList(new ArrayList<>());
        int[] lastOwner = {-1};
        AtomicInteger lastFlags = new AtomicInteger();
        int step = (int) r[2];
        Omp.parallel(n, true, () -> {
            Loop l = Omp.loop(r[0], r[1], r[2], schedule, r[3] == 1 ? Loop.INCLUSIVE : 0);
            while (l.next()) {
                for (int i = l.intStart(); i != l.intEnd(); i += step) {
                    got.add((long) i);
                    if (!expected.isEmpty() && i == expected.get(expected.size() - 1)) {
                        lastOwner[0] = Omp.threadNum();
                    }
                }
            }
            l.end(false);
            if (l.last()) {
                lastFlags.incrementAndGet();
                if (lastOwner[0] != Omp.threadNum()) {
                    lastFlags.addAndGet(100);
                }
            }
        });
        List<Long> sorted = new ArrayList<>(got);
        Collections.sort(sorted);
        List<Long> expectedSorted = new ArrayList<>(expected);
        Collections.sort(expectedSorted);
        assertEquals(expectedSorted, sorted);
        assertEquals(expected.isEmpty() ? 0 : 1, lastFlags.get(), "last() in exactly the thread of the last iteration");
    }

    @ParameterizedTest
    @MethodSource("longCases")
    void longLoopRunsEveryIterationExactlyOnce(int n, Schedule schedule, long[] r) {
        List<Long> expected = sequential(r[0], r[1], r[2], r[3] == 1);
        List<Long> got = Collections.synchronizedList(new ArrayList<>());
        long step = r[2];
        Omp.parallel(n, true, () -> {
            Loop l = Omp.loop(r[0], r[1], step, schedule, r[3] == 1 ? Loop.INCLUSIVE : 0);
            while (l.next()) {
                for (long i = l.longStart(); i != l.longEnd(); i += step) {
                    got.add(i);
                }
            }
            l.end(false);
        });
        List<Long> sorted = new ArrayList<>(got);
        Collections.sort(sorted);
        Collections.sort(expected);
        assertEquals(expected, sorted);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void staticBlockGivesEachThreadOneContiguousBlockInThreadOrder(int n) {
        for (int count : new int[] {0, 1, 3, 4, 5, 10, 11, 97}) {
            int[] owner = owners(n, count, Schedule.STATIC);
            int base = count / n;
            int extra = count % n;
            int k = 0;
            for (int t = 0; t < n; t++) {
                int size = base + (t < extra ? 1 : 0);
                for (int j = 0; j < size; j++, k++) {
                    assertEquals(t, owner[k], "count " + count + " iteration " + k);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void staticChunksGoRoundRobin(int n) {
        for (int chunk : new int[] {1, 2, 5}) {
            int count = 53;
            int[] owner = owners(n, count, Schedule.staticChunk(chunk));
            for (int k = 0; k < count; k++) {
                assertEquals((k / chunk) % n, owner[k], "chunk " + chunk + " iteration " + k);
            }
        }
    }

    private static int[] owners(int n, int count, Schedule schedule) {
        int[] owner = new int[count];
        java.util.Arrays.fill(owner, -1);
        Omp.parallel(n, true, () -> {
            Loop l = Omp.loop(0, count, 1, schedule, 0);
            while (l.next()) {
                for (int i = l.intStart(); i < l.intEnd(); i++) {
                    owner[i] = Omp.threadNum();
                }
            }
            l.end(false);
        });
        return owner;
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void dynamicAndGuidedSpreadWorkOverThreads(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            for (Schedule s : new Schedule[] {Schedule.dynamic(1), Schedule.guided(1)}) {
                ConcurrentHashMap<Integer, Integer> perThread = new ConcurrentHashMap<>();
                Omp.parallel(n, true, () -> {
                    Loop l = Omp.loop(0, 64, 1, s, 0);
                    while (l.next()) {
                        for (int i = l.intStart(); i < l.intEnd(); i++) {
                            perThread.merge(Omp.threadNum(), 1, Integer::sum);
                            // Hold the chunk long enough that no single thread can drain the loop alone.
                            Thread.sleep(1);
                        }
                    }
                    l.end(false);
                });
                assertEquals(64, perThread.values().stream().mapToInt(Integer::intValue).sum());
                assertTrue(perThread.size() > 1, s + ": more than one thread took chunks " + perThread);
            }
        });
    }

    /**
     * A nonmonotonic dynamic loop starts each thread on a block of its own, but a thread that comes late finds its
     * block taken by the others, as with one shared counter: its team-mates must be able to steal every range, not
     * only those of threads already in the loop.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void aLateThreadsChunksAreTakenByTheOthers(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            for (Schedule s : new Schedule[] {Schedule.dynamic(1), Schedule.dynamic(2).monotonic()}) {
                int[] perThread = new int[n];
                AtomicInteger total = new AtomicInteger();
                Omp.parallel(n, true, () -> {
                    if (Omp.threadNum() == 0) {
                        Thread.sleep(200);
                    }
                    Loop l = Omp.loop(0, 4000, 1, s, 0);
                    while (l.next()) {
                        perThread[Omp.threadNum()] += l.intEnd() - l.intStart();
                        total.addAndGet(l.intEnd() - l.intStart());
                    }
                    l.end(true);
                });
                assertEquals(4000, total.get(), s.toString());
                assertTrue(perThread[0] < 4000 / n / 2, s + ": the late thread ran " + perThread[0]
                        + " of its block of " + 4000 / n);
            }
        });
    }

    /**
     * With the monotonic modifier every thread gets its chunks in increasing order, even where a nonmonotonic loop
     * steals: here thread 0 is slow, and its team-mates take the back of its block after their own. (The
     * nonmonotonic runs show that the scene does provoke a decreasing start; a run where thread 0 itself came
     * last might not, hence several.)
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void monotonicDynamicGivesEachThreadIncreasingChunks(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            for (int run = 0; run < 3; run++) {
                assertTrue(chunksIncreaseInEveryThread(n, Schedule.dynamic(1).monotonic()), "run " + run);
            }
            boolean stole = false;
            for (int run = 0; run < 5 && !stole; run++) {
                stole = !chunksIncreaseInEveryThread(n, Schedule.dynamic(1));
            }
            assertTrue(stole, "a nonmonotonic loop never gave a thread a chunk before one it had run");
        });
    }

    /** Runs a loop whose thread 0 is slow; whether every thread's chunks came in increasing order. */
    private static boolean chunksIncreaseInEveryThread(int n, Schedule s) {
        List<List<Long>> starts = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            starts.add(new ArrayList<>());
        }
        Omp.parallel(n, true, () -> {
            Loop l = Omp.loop(0, 40 * n, 1, s, 0);
            while (l.next()) {
                starts.get(Omp.threadNum()).add(l.longStart());
                if (Omp.threadNum() == 0) {
                    Thread.sleep(2);
                }
            }
            l.end(false);
        });
        for (List<Long> mine : starts) {
            for (int i = 1; i < mine.size(); i++) {
                if (mine.get(i) <= mine.get(i - 1)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * lastprivate copies the private value of the thread that ran the sequentially last iteration when the loop
     * ends, so that thread must run no chunk after the last one, even where its team-mates are slow and a
     * nonmonotonic loop would let it steal earlier chunks.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void theThreadOfTheLastIterationRunsItLast(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            for (Schedule s : new Schedule[] {Schedule.dynamic(1), Schedule.dynamic(3), Schedule.dynamic(2).monotonic(),
                Schedule.guided(2)}) {
                for (int run = 0; run < 3; run++) {
                    long[] lastRun = new long[n];
                    boolean[] last = new boolean[n];
                    Omp.parallel(n, true, () -> {
                        Loop l = Omp.loop(0, 30 * n, 1, s, 0);
                        while (l.next()) {
                            lastRun[Omp.threadNum()] = l.longEnd() - 1;
                            if (Omp.threadNum() == 0) {
                                Thread.sleep(1);
                            }
                        }
                        l.end(false);
                        last[Omp.threadNum()] = l.last();
                    });
                    int owners = 0;
                    for (int t = 0; t < n; t++) {
                        if (last[t]) {
                            owners++;
                            assertEquals(30 * n - 1, lastRun[t], s + ": thread " + t + " has last() but ran iteration "
                                    + lastRun[t] + " after the last one");
                        }
                    }
                    assertEquals(1, owners, s + ": threads with last()");
                }
            }
        });
    }

    @Test
    void guidedChunksShrinkAndRespectTheMinimum() {
        List<long[]> chunks = Collections.synchronizedList(new ArrayList<>());
        Omp.parallel(2, true, () -> {
            Loop l = Omp.loop(0, 1000, 1, Schedule.guided(7), 0);
            while (l.next()) {
                chunks.add(new long[] {l.longStart(), l.longEnd()});
            }
            l.end(false);
        });
        chunks.sort((a, b) -> Long.compare(a[0], b[0]));
        assertEquals(500, chunks.get(0)[1] - chunks.get(0)[0], "the first chunk is remaining / threads");
        for (int i = 0; i < chunks.size() - 1; i++) {
            long size = chunks.get(i)[1] - chunks.get(i)[0];
            assertTrue(size >= 7, "chunk " + i + " of " + size + " iterations is below the minimum");
            assertEquals(chunks.get(i)[1], chunks.get(i + 1)[0], "chunks are contiguous");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void orderedBlocksRunInIterationOrderUnderEverySchedule(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            for (Schedule s : SCHEDULES) {
                for (int skip : new int[] {0, 3}) {
                    List<Integer> order = new ArrayList<>();
                    Omp.parallel(n, true, () -> {
                        Loop l = Omp.loop(40, -1, -1, s, Loop.ORDERED | Loop.INCLUSIVE);
                        while (l.next()) {
                            for (int i = l.intStart(); i != l.intEnd(); i--) {
                                // Some iterations run no ordered block at all: the others must not wait for them.
                                if (skip == 0 || i % skip != 0) {
                                    Omp.orderedBegin(i);
                                    order.add(i);
                                    Omp.orderedEnd();
                                }
                            }
                        }
                        l.end(false);
                    });
                    List<Integer> expected = new ArrayList<>();
                    for (int i = 40; i >= -1; i--) {
                        if (skip == 0 || i % skip != 0) {
                            expected.add(i);
                        }
                    }
                    assertEquals(expected, order, s + " skip " + skip);
                }
            }
        });
    }

    @Test
    void orderedMisuseIsReported() {
        assertThrows(IllegalStateException.class, () -> Omp.orderedBegin(0));
        Loop l = Omp.loop(0, 10, 1, Schedule.STATIC, Loop.ORDERED);
        assertTrue(l.next());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Omp.orderedBegin(10));
        assertTrue(e.getMessage().contains("orderedBegin(10)"), e.getMessage());
        l.end(false);
        assertThrows(IllegalStateException.class, () -> l.end(false));
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void nowaitLoopsRunAheadThroughTheWorkShareRing(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            int loops = Team.RING * 5;
            AtomicInteger total = new AtomicInteger();
            Omp.parallel(n, true, () -> {
                if (Omp.threadNum() == 0) {
                    Thread.sleep(30);
                }
                for (int k = 0; k < loops; k++) {
                    Loop l = Omp.loop(0, 10, 1, Schedule.dynamic(2), 0);
                    while (l.next()) {
                        total.addAndGet(l.intEnd() - l.intStart());
                    }
                    l.end(true);
                }
            });
            assertEquals(loops * 10, total.get());
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void orphanedLoopBindsToTheInnermostTeam(int n) {
        AtomicInteger inside = new AtomicInteger();
        Omp.parallel(n, true, () -> inside.addAndGet(orphanedSum(100)));
        assertEquals(4950, inside.get(), "the orphaned loop shares the iterations of the enclosing team");
        assertEquals(4950, orphanedSum(100), "outside any region the calling thread runs every iteration");
    }

    private static int orphanedSum(int n) {
        int sum = 0;
        Loop l = Omp.loop(0, n, 1, Schedule.dynamic(3), 0);
        while (l.next()) {
            for (int i = l.intStart(); i < l.intEnd(); i++) {
                sum += i;
            }
        }
        l.end(false);
        return sum;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void exceptionInALoopBodyEndsTheRegion(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            for (Schedule s : SCHEDULES) {
                ArithmeticException e = assertThrows(ArithmeticException.class, () -> Omp.parallel(n, true, () -> {
                    Loop l = Omp.loop(0, 100, 1, s, Loop.ORDERED);
                    while (l.next()) {
                        for (int i = l.intStart(); i < l.intEnd(); i++) {
                            Omp.orderedBegin(i);
                            if (i == 37) {
                                throw new ArithmeticException("iteration 37");
                            }
                            Omp.orderedEnd();
                        }
                    }
                    l.end(false);
                }));
                assertEquals("iteration 37", e.getMessage());
            }
        });
    }

    @Test
    void badArgumentsNameTheProblem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Omp.loop(0, 10, 0, Schedule.STATIC, 0));
        assertTrue(e.getMessage().contains("step"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Omp.loop(0, 10, 1, null, 0));
        assertThrows(IllegalArgumentException.class, () -> Omp.loop(0, 10, 1, Schedule.STATIC, 8));
        e = assertThrows(IllegalArgumentException.class,
                () -> Omp.loop(Long.MIN_VALUE, Long.MAX_VALUE, 1, Schedule.STATIC, Loop.INCLUSIVE));
        assertTrue(e.getMessage().contains("2^64"), e.getMessage());
    }

    @Test
    void iterationCountsAreExactAtTheEdgesOfLong() {
        assertEquals(-1L, Loop.count(Long.MIN_VALUE, Long.MAX_VALUE, 1, false), "2^64 - 1 as unsigned");
        assertEquals(3, Loop.count(Long.MIN_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, true));
        assertEquals(2, Loop.count(Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE, false));
        assertEquals(0, Loop.count(5, 5, 1, false));
        assertEquals(1, Loop.count(5, 5, -1, true));
        assertFalse(Long.compareUnsigned(Loop.count(0, Long.MAX_VALUE, 2, true), 0) <= 0);
    }
}
