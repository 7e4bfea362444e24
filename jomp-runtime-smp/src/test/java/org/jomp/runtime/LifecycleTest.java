package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Worker lifetime, thread limits, nested failures and orphaned synchronisation. */
class LifecycleTest {

    private static final Duration LIMIT = Duration.ofSeconds(30);

    @Test
    void workersEndSoonAfterTheThreadThatOwnsTheirPool() {
        assertTimeoutPreemptively(LIMIT, () -> {
            Set<Thread> workers = ConcurrentHashMap.newKeySet();
            Thread owner = new Thread(() -> Omp.parallel(3, true, () -> {
                if (Omp.threadNum() != 0) {
                    workers.add(Thread.currentThread());
                }
            }));
            owner.start();
            owner.join();
            assertEquals(2, workers.size());
            for (Thread w : workers) {
                w.join(10_000);
                assertFalse(w.isAlive(), w.getName() + " outlived its owner");
            }
        });
    }

    @Test
    void contentionGroupGrantsNoMoreThanTheLimit() {
        ContentionGroup group = new ContentionGroup();
        assertEquals(3, group.reserve(3, 6), "1 busy + 3 of 6");
        assertEquals(2, group.reserve(5, 6), "only 2 left");
        assertEquals(0, group.reserve(1, 6));
        group.release(2);
        assertEquals(1, group.reserve(1, 6));
        assertEquals(0, group.reserve(4, 1), "a limit below what is busy grants nothing");
    }

    @Test
    void failureInANestedRegionReachesTheOutermostCaller() {
        assertTimeoutPreemptively(LIMIT, () -> {
            Omp.setMaxActiveLevels(2);
            UnsupportedOperationException inner = new UnsupportedOperationException("inner");
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                    () -> Omp.parallel(2, true, () -> {
                        Omp.parallel(2, true, () -> {
                            if (Omp.ancestorThreadNum(1) == 1 && Omp.threadNum() == 1) {
                                throw inner;
                            }
                            Omp.barrier();
                        });
                        Omp.barrier();
                    }));
            assertSame(inner, e);
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void orphanedSingleAndBarrierBindToTheCallersTeam(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicInteger singles = new AtomicInteger();
            AtomicInteger afterBarrier = new AtomicInteger();
            AtomicInteger wrong = new AtomicInteger();
            Omp.parallel(n, true, () -> {
                orphanedSingle(singles);
                if (singles.get() != 1) {
                    wrong.incrementAndGet();
                }
                afterBarrier.incrementAndGet();
                orphanedBarrier();
                if (afterBarrier.get() != n) {
                    wrong.incrementAndGet();
                }
            });
            assertEquals(1, singles.get());
            assertEquals(0, wrong.get());
            orphanedSingle(singles);
            orphanedBarrier();
            assertEquals(2, singles.get(), "outside any region the caller is a team of one");
        });
    }

    private static void orphanedSingle(AtomicInteger singles) {
        if (Omp.singleBegin()) {
            singles.incrementAndGet();
        }
        Omp.singleEnd(false);
    }

    private static void orphanedBarrier() {
        Omp.barrier();
    }

    @Test
    void manyShortLivedTeamsInParallelThreads() {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicInteger total = new AtomicInteger();
            Thread[] ranks = new Thread[4];
            for (int r = 0; r < ranks.length; r++) {
                ranks[r] = new Thread(() -> {
                    for (int k = 0; k < 300; k++) {
                        Omp.parallel(2, true, () -> {
                            Omp.barrier();
                            total.incrementAndGet();
                        });
                    }
                });
                ranks[r].start();
            }
            for (Thread t : ranks) {
                t.join();
            }
            assertEquals(4 * 300 * 2, total.get());
        });
    }

    @Test
    void dynamicIcvCapsTeamsAtTheProcessorCount() {
        assertTimeoutPreemptively(LIMIT, () -> {
            Omp.setDynamic(true);
            AtomicInteger size = new AtomicInteger();
            Omp.parallel(Omp.numProcs() + 3, true, () -> size.set(Omp.numThreads()));
            assertEquals(Omp.numProcs(), size.get());
            assertTrue(Omp.dynamic());
        });
    }

    @Test
    void anInterruptLeftByARegionDoesNotReachTheNextOne() {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicInteger stale = new AtomicInteger();
            Omp.parallel(2, true, () -> {
                if (Omp.threadNum() == 1) {
                    Thread.currentThread().interrupt();
                }
            });
            Thread.sleep(50);
            Omp.parallel(2, true, () -> {
                if (Omp.threadNum() == 1 && Thread.currentThread().isInterrupted()) {
                    stale.incrementAndGet();
                }
            });
            assertEquals(0, stale.get());
        });
    }

    @Test
    void waitsDoNotEatTheCallersInterruptStatus() {
        assertTimeoutPreemptively(LIMIT, () -> {
            Env.currentWaitPolicy(WaitPolicy.PASSIVE);
            try {
                Thread.currentThread().interrupt();
                AtomicInteger ran = new AtomicInteger();
                Omp.parallel(2, true, () -> {
                    if (Omp.threadNum() == 1) {
                        Thread.sleep(30);
                    }
                    Omp.barrier();
                    ran.incrementAndGet();
                });
                assertEquals(2, ran.get());
                assertTrue(Thread.interrupted(), "the interrupt is still there after the parked join and barrier");
            } finally {
                Env.currentWaitPolicy(Env.global().waitPolicy());
            }
        });
    }
}
