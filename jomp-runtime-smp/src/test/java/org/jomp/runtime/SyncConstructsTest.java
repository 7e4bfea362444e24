package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Barrier, single, copyprivate, sections, critical and the reduction lock, each in teams of 1 to 4. */
class SyncConstructsTest {

    private static final Duration LIMIT = Duration.ofSeconds(30);

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void barrierSeparatesPhases(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            int phases = 200;
            int[][] written = new int[n][1];
            AtomicInteger wrong = new AtomicInteger();
            Omp.parallel(n, true, () -> {
                int me = Omp.threadNum();
                for (int p = 1; p <= phases; p++) {
                    written[me][0] = p;
                    Omp.barrier();
                    for (int t = 0; t < n; t++) {
                        if (written[t][0] != p) {
                            wrong.incrementAndGet();
                        }
                    }
                    Omp.barrier();
                }
            });
            assertEquals(0, wrong.get(), "a thread saw another thread's write of an older phase");
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void singleRunsOncePerEncounterWithAndWithoutNowait(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            int encounters = 500;
            AtomicIntegerArray runs = new AtomicIntegerArray(encounters);
            Omp.parallel(n, true, () -> {
                for (int k = 0; k < encounters; k++) {
                    if (Omp.singleBegin()) {
                        runs.incrementAndGet(k);
                    }
                    Omp.singleEnd(k % 3 == 0);
                }
            });
            for (int k = 0; k < encounters; k++) {
                assertEquals(1, runs.get(k), "single " + k);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void copyPrivateBroadcastsTheExecutorsValues(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicInteger wrong = new AtomicInteger();
            Omp.parallel(n, true, () -> {
                for (int k = 0; k < 300; k++) {
                    Object[] mine = null;
                    if (Omp.singleBegin()) {
                        mine = new Object[] {k, "from " + Omp.threadNum()};
                    }
                    Object[] got = Omp.copyPrivate(mine);
                    if (got == null || !Integer.valueOf(k).equals(got[0])) {
                        wrong.incrementAndGet();
                    }
                }
            });
            assertEquals(0, wrong.get());
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void eachSectionRunsOnceAndLastIsTheThreadOfTheLastSection(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            for (int count : new int[] {0, 1, 3, 7}) {
                AtomicIntegerArray runs = new AtomicIntegerArray(Math.max(count, 1));
                int[] lastRunner = {-1};
                AtomicInteger lastFlags = new AtomicInteger();
                Omp.parallel(n, true, () -> {
                    Sections s = Omp.sections(count);
                    for (int k; (k = s.next()) >= 0; ) {
                        runs.incrementAndGet(k);
                        if (k == count - 1) {
                            lastRunner[0] = Omp.threadNum();
                        }
                    }
                    s.end(false);
                    if (s.last()) {
                        lastFlags.incrementAndGet();
                        if (lastRunner[0] != Omp.threadNum()) {
                            lastFlags.addAndGet(100);
                        }
                    }
                });
                for (int k = 0; k < count; k++) {
                    assertEquals(1, runs.get(k), "section " + k + " of " + count);
                }
                assertEquals(count == 0 ? 0 : 1, lastFlags.get());
            }
        });
        assertThrows(IllegalArgumentException.class, () -> Omp.sections(-1));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void criticalExcludesPerNameAndNamesAreIndependent(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            int[] inside = new int[2];
            int[] counters = new int[2];
            AtomicInteger overlaps = new AtomicInteger();
            AtomicInteger crossed = new AtomicInteger();
            Omp.parallel(n, true, () -> {
                for (int k = 0; k < 2000; k++) {
                    int which = (k + Omp.threadNum()) & 1;
                    CriticalLock c = Omp.critical(which == 0 ? "a" : "b");
                    c.lock();
                    try {
                        if (++inside[which] != 1) {
                            overlaps.incrementAndGet();
                        }
                        counters[which]++;
                        inside[which]--;
                    } finally {
                        c.unlock();
                    }
                }
            });
            assertEquals(0, overlaps.get());
            assertEquals(2000 * n, counters[0] + counters[1]);
            // Names are independent: a thread holding "a" is not blocked by another holding "b".
            CriticalLock a = Omp.critical("a");
            a.lock();
            try {
                Thread other = new Thread(() -> {
                    CriticalLock b = Omp.critical("b");
                    b.lock();
                    b.unlock();
                    crossed.incrementAndGet();
                });
                other.start();
                other.join(10_000);
            } finally {
                a.unlock();
            }
            assertEquals(1, crossed.get());
        });
        assertSame(Omp.critical(null), Omp.critical(""));
        assertSame(Omp.critical("x"), Omp.critical("x"));
        assertNotSame(Omp.critical("x"), Omp.critical("y"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Omp.critical("z").unlock());
        assertTrue(e.getMessage().contains("'z'"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void reductionLockCombinesEveryPartialResult(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            long[] sum = {0};
            double[] product = {1};
            int[] min = {Integer.MAX_VALUE};
            Omp.parallel(n, true, () -> {
                long sum$ = Reduce.identityLong(Reduce.SUM);
                double product$ = Reduce.identityDouble(Reduce.PRODUCT);
                int min$ = Reduce.identityInt(Reduce.MIN);
                Loop l = Omp.loop(1, 20, 1, Schedule.dynamic(2), Loop.INCLUSIVE);
                while (l.next()) {
                    for (int i = l.intStart(); i != l.intEnd(); i++) {
                        sum$ += i;
                        product$ *= i;
                        min$ = Math.min(min$, i * 7 % 13);
                    }
                }
                l.end(true);
                Omp.reductionLock();
                try {
                    sum[0] = Reduce.combine(Reduce.SUM, sum[0], sum$);
                    product[0] = Reduce.combine(Reduce.PRODUCT, product[0], product$);
                    min[0] = Reduce.combine(Reduce.MIN, min[0], min$);
                } finally {
                    Omp.reductionUnlock();
                }
                Omp.barrier();
            });
            assertEquals(210, sum[0]);
            assertEquals(2432902008176640000.0, product[0], 1e3);
            assertEquals(0, min[0]);
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void everyConstructReleasesTheTeamWhenAThreadFails(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            Region[] bodies = {
                () -> {
                    if (Omp.singleBegin()) {
                        throw new IllegalStateException("single");
                    }
                    Omp.singleEnd(false);
                },
                () -> {
                    Object[] mine = Omp.threadNum() == 0 ? new Object[] {1} : null;
                    if (Omp.threadNum() == n - 1) {
                        throw new IllegalStateException("copyprivate");
                    }
                    Omp.copyPrivate(mine);
                },
                () -> {
                    Sections s = Omp.sections(n);
                    for (int k; (k = s.next()) >= 0; ) {
                        if (k == 1) {
                            throw new IllegalStateException("sections");
                        }
                    }
                    s.end(false);
                },
                () -> {
                    CriticalLock c = Omp.critical("failing");
                    c.lock();
                    try {
                        if (Omp.threadNum() == 1) {
                            throw new IllegalStateException("critical");
                        }
                    } finally {
                        c.unlock();
                    }
                    Omp.barrier();
                },
                () -> {
                    Omp.reductionLock();
                    try {
                        if (Omp.threadNum() == 1) {
                            throw new IllegalStateException("reduction");
                        }
                    } finally {
                        Omp.reductionUnlock();
                    }
                    Omp.barrier();
                },
                () -> {
                    if (Omp.threadNum() == 0) {
                        Thread.sleep(5);
                        throw new IllegalStateException("barrier");
                    }
                    Omp.barrier();
                },
            };
            for (Region body : bodies) {
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> Omp.parallel(n, true, body));
                assertTrue(e.getMessage().matches("single|copyprivate|sections|critical|reduction|barrier"),
                        e.getMessage());
            }
        });
    }

    @Test
    void constructsOutsideAnyRegionActAsATeamOfOne() {
        Omp.barrier();
        assertTrue(Omp.singleBegin());
        Omp.singleEnd(false);
        Object[] v = {1};
        assertSame(v, Omp.copyPrivate(v));
        Omp.reductionLock();
        Omp.reductionUnlock();
        Sections s = Omp.sections(2);
        assertArrayEquals(new int[] {0, 1, -1}, new int[] {s.next(), s.next(), s.next()});
        s.end(false);
        Omp.flush();
    }
}
