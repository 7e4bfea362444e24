package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link Loop#staticChunks}: a thread's walk over its chunks of a static loop, with no call per chunk. */
class StaticWalkTest {

    private static final Schedule[] SCHEDULES = {
        Schedule.STATIC, Schedule.staticChunk(1), Schedule.staticChunk(2), Schedule.staticChunk(3),
        Schedule.staticChunk(7), Schedule.staticChunk(1000),
    };

    /**
     * lo, hi, step, inclusive: int ranges of every direction, empty ones, ranges that end at the int limits and
     * one across the whole int range. (Not one whose values would wrap all the way round to its first: a Java loop
     * over it never ends, and a walk's end value would equal its start.)
     */
    private static final long[][] INT_RANGES = {
        {0, 100, 1, 0}, {0, 101, 1, 0}, {0, 7, 1, 0}, {0, 0, 1, 0}, {5, 3, 1, 0}, {3, 3, 1, 1},
        {-50, 50, 7, 0}, {-49, 50, 7, 1}, {100, 0, -1, 0}, {100, 0, -3, 1}, {99, -1, -5, 0},
        {Integer.MAX_VALUE - 10, Integer.MAX_VALUE, 1, 1}, {Integer.MIN_VALUE + 10, Integer.MIN_VALUE, -3, 1},
        {Integer.MAX_VALUE - 20, Integer.MAX_VALUE, 4, 1},
        {Integer.MIN_VALUE, Integer.MAX_VALUE - (1 << 24), 1 << 24, 0},
    };

    private static final long[][] LONG_RANGES = {
        {Long.MAX_VALUE - 10, Long.MAX_VALUE, 1, 1}, {Long.MIN_VALUE + 10, Long.MIN_VALUE, -3, 1},
        {Long.MAX_VALUE - 25, Long.MAX_VALUE, 6, 1}, {Long.MIN_VALUE, Long.MIN_VALUE + 40, 9, 0},
        {Long.MIN_VALUE, Long.MAX_VALUE - (1L << 56), 1L << 56, 0}, {10, -10, -1, 1},
    };

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (int n = 1; n <= 4; n++) {
            for (Schedule s : SCHEDULES) {
                for (long[] r : INT_RANGES) {
                    cases.add(Arguments.of(n, s, r, true));
                }
                for (long[] r : LONG_RANGES) {
                    cases.add(Arguments.of(n, s, r, false));
                }
            }
        }
        return cases.stream();
    }

    /**
     * Every thread walks its chunks as the translator's code does (in the loop variable's own type, with the
     * wrapping {@code !=} test that also ends a range at MAX_VALUE); together they run every iteration once, each
     * chunk going to the thread OpenMP gives it, and last() holds in exactly the thread that ran the last one.
     */
    @ParameterizedTest
    @MethodSource("cases")
    void threadsWalkEveryIterationOnceOnOpenMpsThreads(int n, Schedule schedule, long[] r, boolean asInt) {
        List<Long> expected = LoopTest.sequential(r[0], r[1], r[2], r[3] == 1);
        List<long[]> ran = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger lastFlags = new AtomicInteger();
        long step = r[2];
        Omp.parallel(n, true, () -> {
            Loop l = Omp.loop(r[0], r[1], step, schedule, r[3] == 1 ? Loop.INCLUSIVE : 0);
            long chunks = l.staticChunks();
            long lastValue = Long.MIN_VALUE;
            boolean ranAny = false;
            if (asInt) {
                int from = l.intStart();
                int stride = (int) l.stride();
                int span = (int) l.span();
                int last = (int) l.lastEnd();
                for (; chunks != 0; chunks--, from += stride) {
                    for (int i = from, end = chunks != 1 ? from + span : last; i != end; i += (int) step) {
                        ran.add(new long[] {i, Omp.threadNum()});
                        lastValue = i;
                        ranAny = true;
                    }
                }
            } else {
                long from = l.longStart();
                long stride = l.stride();
                long span = l.span();
                long last = l.lastEnd();
                for (; chunks != 0; chunks--, from += stride) {
                    for (long i = from, end = chunks != 1 ? from + span : last; i != end; i += step) {
                        ran.add(new long[] {i, Omp.threadNum()});
                        lastValue = i;
                        ranAny = true;
                    }
                }
            }
            if (l.last() && (!ranAny || lastValue != expected.get(expected.size() - 1))) {
                lastFlags.addAndGet(100);
            }
            if (l.last()) {
                lastFlags.incrementAndGet();
            }
            l.end(false);
        });
        List<Long> values = new ArrayList<>();
        for (long[] v : ran) {
            values.add(v[0]);
        }
        Collections.sort(values);
        List<Long> sorted = new ArrayList<>(expected);
        Collections.sort(sorted);
        assertEquals(sorted, values);
        assertEquals(expected.isEmpty() ? 0 : 1, lastFlags.get(), "last() in exactly the thread of the last iteration");
        for (long[] v : ran) {
            long k = expected.indexOf(v[0]);
            long owner = schedule.chunk() == 0 ? blockOwner(k, expected.size(), n) : (k / schedule.chunk()) % n;
            assertEquals(owner, v[1], "thread of iteration " + k + " (value " + v[0] + ")");
        }
    }

    /** The thread of iteration k under the block schedule: count/n each, the first count%n threads one more. */
    private static long blockOwner(long k, long count, int n) {
        long q = count / n;
        long extra = count % n;
        return k < extra * (q + 1) ? k / (q + 1) : extra + (k - extra * (q + 1)) / q;
    }

    /**
     * A long range of 2^64 - 1 iterations cannot be run, but its walk can be read: thread 0 of 2 has 2^63 chunks,
     * more than a signed long counts (hence the generated {@code chunks != 0}), and no field overflows.
     */
    @Test
    void theLargestRangeIsWalkedInUnsignedArithmetic() {
        long[] seen = new long[8];
        Omp.parallel(2, true, () -> {
            Loop l = Omp.loop(Long.MIN_VALUE, Long.MAX_VALUE, 1, Schedule.staticChunk(1), 0);
            long chunks = l.staticChunks();
            int t = Omp.threadNum();
            seen[4 * t] = chunks;
            seen[4 * t + 1] = l.longStart();
            seen[4 * t + 2] = l.lastEnd();
            seen[4 * t + 3] = l.last() ? 1 : 0;
            l.end(false);
        });
        assertEquals("9223372036854775808", Long.toUnsignedString(seen[0]), "thread 0: chunks 0, 2, ... 2^64 - 2");
        assertEquals(Long.MIN_VALUE, seen[1]);
        assertEquals(Long.MAX_VALUE, seen[2], "its last chunk is the last iteration, MAX_VALUE - 1");
        assertEquals(1, seen[3]);
        assertEquals("9223372036854775807", Long.toUnsignedString(seen[4]), "thread 1: chunks 1, 3, ... 2^64 - 3");
        assertEquals(Long.MIN_VALUE + 1, seen[5]);
        assertEquals(Long.MAX_VALUE - 1, seen[6]);
        assertEquals(0, seen[7]);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void misuseIsReported(int n) {
        List<String> messages = Collections.synchronizedList(new ArrayList<>());
        Omp.parallel(n, true, () -> {
            Loop dynamic = Omp.loop(0, 10, 1, Schedule.dynamic(2), 0);
            if (n > 1) {
                messages.add(assertThrows(IllegalStateException.class, dynamic::staticChunks).getMessage());
            }
            while (dynamic.next()) {
                Thread.onSpinWait();
            }
            dynamic.end(false);
            Loop ordered = Omp.loop(0, 10, 1, Schedule.staticChunk(2), Loop.ORDERED);
            messages.add(assertThrows(IllegalStateException.class, ordered::staticChunks).getMessage());
            ordered.end(false);
            Loop twice = Omp.loop(0, 10, 1, Schedule.staticChunk(2), 0);
            twice.staticChunks();
            messages.add(assertThrows(IllegalStateException.class, twice::staticChunks).getMessage());
            twice.end(false);
        });
        assertEquals(n * (n > 1 ? 3 : 2), messages.size());
        for (String m : messages) {
            assertTrue(m.startsWith("Loop.staticChunks:") && (m.contains("dynamic") || m.contains("ordered")
                    || m.contains("started")), m);
        }
    }
}
