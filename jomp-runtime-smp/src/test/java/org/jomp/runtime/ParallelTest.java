package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ParallelTest {

    private static final Duration LIMIT = Duration.ofSeconds(20);

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void everyThreadRunsTheBodyOnceWithItsOwnNumber(int n) {
        AtomicIntegerArray seen = new AtomicIntegerArray(n);
        AtomicInteger sizes = new AtomicInteger();
        Thread caller = Thread.currentThread();
        AtomicReference<Thread> master = new AtomicReference<>();
        Omp.parallel(n, true, () -> {
            seen.incrementAndGet(Omp.threadNum());
            if (Omp.numThreads() == n) {
                sizes.incrementAndGet();
            }
            if (Omp.threadNum() == 0) {
                master.set(Thread.currentThread());
            }
        });
        for (int i = 0; i < n; i++) {
            assertEquals(1, seen.get(i), "thread " + i);
        }
        assertEquals(n, sizes.get());
        assertSame(caller, master.get(), "the encountering thread is thread 0");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void warmRegionsReuseTheSameWorkerThreads(int n) {
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        for (int r = 0; r < 200; r++) {
            Omp.parallel(n, true, () -> threads.add(Thread.currentThread()));
        }
        assertEquals(n, threads.size(), "one thread per team member across 200 regions");
        for (Thread t : threads) {
            if (t != Thread.currentThread()) {
                assertTrue(t.isDaemon(), t.getName());
                assertTrue(t.getName().startsWith("jomp-worker-"), t.getName());
            }
        }
    }

    @Test
    void ifFalseGivesATeamOfOneOneLevelDeeper() {
        int[] r = new int[4];
        Omp.parallel(4, false, () -> {
            r[0] = Omp.numThreads();
            r[1] = Omp.level();
            r[2] = Omp.activeLevel();
            r[3] = Omp.inParallel() ? 1 : 0;
        });
        assertArrayEquals(new int[] {1, 1, 0, 0}, r);
    }

    @Test
    void defaultTeamSizeIsMaxThreads() {
        int expected = Omp.maxThreads();
        AtomicInteger size = new AtomicInteger();
        Omp.parallel(() -> size.set(Omp.numThreads()));
        assertEquals(expected, size.get());
    }

    @Test
    void setNumThreadsChangesTheNextRegionOfThisThreadOnly() {
        assertTimeoutPreemptively(LIMIT, () -> {
            Omp.setNumThreads(3);
            AtomicInteger size = new AtomicInteger();
            Omp.parallel(() -> size.set(Omp.numThreads()));
            assertEquals(3, size.get());
            assertEquals(3, Omp.maxThreads());
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void checkedExceptionIsRethrownAsThrownWithOthersSuppressed(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            IOException e = assertThrows(IOException.class, () -> Omp.parallel(n, true, () -> {
                throw new IOException("thread " + Omp.threadNum());
            }));
            assertTrue(e.getMessage().startsWith("thread "), e.getMessage());
            assertEquals(n - 1, e.getSuppressed().length, "the other threads' exceptions are suppressed");
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void anErrorInOneWorkerReleasesTheOthersFromTheBarrier(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            StackOverflowError boom = new StackOverflowError("worker");
            StackOverflowError thrown = assertThrows(StackOverflowError.class, () -> Omp.parallel(n, true, () -> {
                if (Omp.threadNum() == n - 1) {
                    throw boom;
                }
                Omp.barrier();
            }));
            assertSame(boom, thrown);
            assertEquals(0, thrown.getSuppressed().length, "waiters released by the failure add nothing");
            AtomicInteger after = new AtomicInteger();
            Omp.parallel(n, true, () -> {
                Omp.barrier();
                after.incrementAndGet();
            });
            assertEquals(n, after.get(), "the team works again after a failed region");
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void masterFailureIsRethrownAfterTheWorkersFinish(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicInteger finished = new AtomicInteger();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> Omp.parallel(n, true, () -> {
                if (Omp.threadNum() == 0) {
                    throw new IllegalStateException("master");
                }
                Thread.sleep(20);
                finished.incrementAndGet();
            }));
            assertEquals("master", e.getMessage());
            assertEquals(n - 1, finished.get());
        });
    }

    @Test
    void nullBodyIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Omp.parallel(2, true, null));
        assertTrue(e.getMessage().contains("body"), e.getMessage());
    }

    @Test
    void twoTopLevelTeamsFromTwoUserThreadsRunAtOnce() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            int rounds = 2000;
            AtomicReference<Throwable> error = new AtomicReference<>();
            long[] sums = new long[2];
            Thread[] ranks = new Thread[2];
            for (int r = 0; r < 2; r++) {
                int rank = r;
                ranks[r] = new Thread(() -> {
                    try {
                        for (int k = 0; k < rounds; k++) {
                            long[] part = new long[1];
                            Omp.parallel(2, true, () -> {
                                Loop l = Omp.loop(0, 100, 1, Schedule.dynamic(3), 0);
                                long mine = 0;
                                while (l.next()) {
                                    for (int i = l.intStart(); i != l.intEnd(); i++) {
                                        mine += i + rank;
                                    }
                                }
                                l.end(false);
                                Omp.reductionLock();
                                try {
                                    part[0] += mine;
                                } finally {
                                    Omp.reductionUnlock();
                                }
                            });
                            sums[rank] += part[0];
                        }
                    } catch (Throwable t) {
                        error.set(t);
                    }
                }, "rank-" + r);
                ranks[r].start();
            }
            for (Thread t : ranks) {
                t.join();
            }
            assertEquals(null, error.get());
            assertEquals(rounds * 4950L, sums[0]);
            assertEquals(rounds * (4950L + 100), sums[1]);
        });
    }

    @Test
    void nestedRegionsGetTheirOwnTeamsWhenAllowed() {
        assertTimeoutPreemptively(LIMIT, () -> {
            Omp.setMaxActiveLevels(2);
            AtomicIntegerArray ids = new AtomicIntegerArray(6);
            AtomicInteger bad = new AtomicInteger();
            Omp.parallel(2, true, () -> {
                int outer = Omp.threadNum();
                Omp.parallel(3, true, () -> {
                    ids.incrementAndGet(outer * 3 + Omp.threadNum());
                    if (Omp.level() != 2 || Omp.activeLevel() != 2 || Omp.numThreads() != 3
                            || Omp.teamSize(1) != 2 || Omp.teamSize(0) != 1 || Omp.teamSize(2) != 3
                            || Omp.ancestorThreadNum(1) != outer || Omp.ancestorThreadNum(0) != 0
                            || Omp.ancestorThreadNum(2) != Omp.threadNum() || Omp.ancestorThreadNum(3) != -1) {
                        bad.incrementAndGet();
                    }
                    Omp.barrier();
                });
                if (Omp.level() != 1 || Omp.threadNum() != outer) {
                    bad.incrementAndGet();
                }
            });
            assertEquals(0, bad.get());
            for (int i = 0; i < 6; i++) {
                assertEquals(1, ids.get(i), "inner thread " + i);
            }
        });
    }

    @Test
    void nestedRegionsBeyondMaxActiveLevelsAreSerialised() {
        assertTimeoutPreemptively(LIMIT, () -> {
            Omp.setMaxActiveLevels(1);
            AtomicInteger inner = new AtomicInteger();
            AtomicInteger bad = new AtomicInteger();
            Omp.parallel(2, true, () -> Omp.parallel(3, true, () -> {
                inner.incrementAndGet();
                if (Omp.numThreads() != 1 || Omp.level() != 2 || Omp.activeLevel() != 1 || !Omp.inParallel()) {
                    bad.incrementAndGet();
                }
            }));
            assertEquals(2, inner.get());
            assertEquals(0, bad.get());
        });
    }

    @Test
    void workersInheritIcvsAndKeepTheirOwnChanges() {
        assertTimeoutPreemptively(LIMIT, () -> {
            Omp.setNumThreads(2);
            Omp.setSchedule(Schedule.dynamic(7));
            AtomicInteger bad = new AtomicInteger();
            Omp.parallel(() -> {
                if (!Omp.getSchedule().equals(Schedule.dynamic(7)) || Omp.maxThreads() != 2) {
                    bad.incrementAndGet();
                }
                Omp.setNumThreads(5 + Omp.threadNum());
                Omp.barrier();
                if (Omp.maxThreads() != 5 + Omp.threadNum()) {
                    bad.incrementAndGet();
                }
            });
            assertEquals(0, bad.get());
            assertEquals(2, Omp.maxThreads(), "changes inside the region do not leak out");
        });
    }

    @Test
    void queriesOutsideAnyRegionDescribeATeamOfOne() {
        assertEquals(0, Omp.threadNum());
        assertEquals(1, Omp.numThreads());
        assertEquals(0, Omp.level());
        assertEquals(0, Omp.activeLevel());
        assertFalse(Omp.inParallel());
        assertEquals(0, Omp.ancestorThreadNum(0));
        assertEquals(1, Omp.teamSize(0));
        assertEquals(-1, Omp.teamSize(1));
        assertEquals(-1, Omp.ancestorThreadNum(-1));
        assertTrue(Omp.numProcs() >= 1);
        assertTrue(Omp.wtick() > 0 && Omp.wtick() < 1e-3);
        assertThrows(IllegalArgumentException.class, () -> Omp.setNumThreads(0));
        assertThrows(IllegalArgumentException.class, () -> Omp.setMaxActiveLevels(-1));
        assertThrows(IllegalArgumentException.class, () -> Omp.setSchedule(Schedule.RUNTIME));
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void plainWritesOfEveryThreadAreVisibleAfterTheJoin(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            int[] cells = new int[64];
            for (int r = 1; r <= 2000; r++) {
                int round = r;
                Omp.parallel(n, true, () -> {
                    Loop l = Omp.loop(0, cells.length, 1, Schedule.dynamic(1), 0);
                    while (l.next()) {
                        for (int i = l.intStart(); i < l.intEnd(); i++) {
                            cells[i] = round;
                        }
                    }
                    l.end(true);
                });
                for (int i = 0; i < cells.length; i++) {
                    assertEquals(round, cells[i], "round " + round + " cell " + i);
                }
            }
        });
    }
}
