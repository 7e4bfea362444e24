package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CancellationTest {

    private static final Duration LIMIT = Duration.ofSeconds(30);

    private boolean saved;

    @BeforeEach
    void enable() {
        saved = Omp.cancellation();
        Omp.setCancellation(true);
    }

    @AfterEach
    void restore() {
        Omp.setCancellation(saved);
    }

    /**
     * The loop as the translator writes it: cancel breaks out of the loop over chunks. Iteration {@code cancelAt}
     * cancels; iterations from {@code waitFrom} on stand for work long enough that the cancel is seen first: they
     * wait (at most 10 s) for the cancellation point to report it. Returns the iterations run, or -1 if a thread
     * was handed a chunk after it had seen the cancel, or never saw it.
     */
    private static int cancelledLoop(Schedule schedule, int iterations, int cancelAt, int waitFrom,
            AtomicIntegerArray runs) {
        int executed = 0;
        boolean seen = false;
        Loop loop = Omp.loop(0, iterations, 1, schedule, 0);
        chunks:
        while (loop.next()) {
            for (int i = loop.intStart(); i != loop.intEnd(); i++) {
                if (i == cancelAt && Omp.cancel(Cancel.FOR)) {
                    seen = true;
                    break chunks;
                }
                long deadline = System.nanoTime() + 10_000_000_000L;
                while (i >= waitFrom && !Omp.cancellationPoint(Cancel.FOR) && System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                }
                if (Omp.cancellationPoint(Cancel.FOR)) {
                    seen = true;
                    break chunks;
                }
                runs.incrementAndGet(i);
                executed++;
            }
        }
        boolean more = seen && loop.next();
        loop.end(false);
        return more || executed > waitFrom ? -1 : executed;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void cancelForStopsHandingOutChunks(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            int iterations = 200_000;
            for (Schedule schedule : new Schedule[] {Schedule.dynamic(1), Schedule.guided(1), Schedule.staticChunk(1),
                    Schedule.STATIC}) {
                AtomicIntegerArray runs = new AtomicIntegerArray(iterations);
                AtomicInteger bad = new AtomicInteger();
                AtomicInteger afterwards = new AtomicInteger();
                Omp.parallel(n, true, () -> {
                    if (cancelledLoop(schedule, iterations, 10, 1000, runs) < 0) {
                        bad.incrementAndGet();
                    }
                    // The team goes on normally: a later loop runs every iteration.
                    Loop next = Omp.loop(0, 1000, 1, schedule, 0);
                    while (next.next()) {
                        afterwards.addAndGet(next.intEnd() - next.intStart());
                    }
                    next.end(false);
                });
                assertEquals(0, bad.get(), schedule + ": threads that ran on after the cancel");
                assertEquals(0, runs.get(10), schedule + ": the cancelling iteration stops");
                for (int i = 1000; i < iterations; i++) {
                    int k = i;
                    assertEquals(0, runs.get(i), () -> schedule + ": iteration " + k + " ran after the cancel");
                }
                assertEquals(1000, afterwards.get(), schedule + ": the next loop");
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void withoutCancellationCancelDoesNothing(int n) {
        Omp.setCancellation(false);
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicInteger executed = new AtomicInteger();
            AtomicInteger cancelled = new AtomicInteger();
            Omp.parallel(n, true, () -> {
                Loop loop = Omp.loop(0, 10_000, 1, Schedule.dynamic(1), 0);
                while (loop.next()) {
                    for (int i = loop.intStart(); i != loop.intEnd(); i++) {
                        if (i == 10 && Omp.cancel(Cancel.FOR) || Omp.cancellationPoint(Cancel.FOR)) {
                            cancelled.incrementAndGet();
                        }
                        executed.incrementAndGet();
                    }
                }
                loop.end(false);
            });
            assertEquals(10_000, executed.get());
            assertEquals(0, cancelled.get());
            assertFalse(Omp.cancellation());
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void cancelParallelEndsTheRegionAtTheNextBarrier(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicInteger rounds = new AtomicInteger();
            AtomicInteger leftAtPoint = new AtomicInteger();
            Omp.parallel(n, true, () -> {
                for (int r = 0; r < 1_000_000; r++) {
                    if (Omp.cancellationPoint(Cancel.PARALLEL)) {
                        leftAtPoint.incrementAndGet();
                        return;
                    }
                    if (Omp.threadNum() == 0 && r == 50 && Omp.cancel(Cancel.PARALLEL)) {
                        return;
                    }
                    rounds.incrementAndGet();
                    Omp.barrier();
                }
            });
            assertTrue(rounds.get() <= n * 51, rounds.get() + " rounds");
            if (n == 1) {
                assertEquals(0, leftAtPoint.get());
            }
            // The next region on the same pool is not cancelled.
            AtomicInteger all = new AtomicInteger();
            Omp.parallel(n, true, () -> {
                Omp.barrier();
                all.incrementAndGet();
                assertFalse(Omp.cancellationPoint(Cancel.PARALLEL));
            });
            assertEquals(n, all.get());
        });
    }

    /** Threads already parked in a barrier are woken by the cancel and leave the region. */
    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void cancelParallelReleasesThreadsWaitingInABarrier(int n) {
        WaitPolicy policy = Env.currentWaitPolicy();
        Env.currentWaitPolicy(WaitPolicy.PASSIVE);
        try {
            assertTimeoutPreemptively(LIMIT, () -> {
                AtomicInteger passed = new AtomicInteger();
                Omp.parallel(n, true, () -> {
                    if (Omp.threadNum() == 0) {
                        Thread.sleep(50);
                        Omp.cancel(Cancel.PARALLEL);
                        return;
                    }
                    Omp.barrier();
                    passed.incrementAndGet();
                });
                assertEquals(0, passed.get());
            });
        } finally {
            Env.currentWaitPolicy(policy);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void cancelParallelDropsTasksNotYetStarted(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicInteger ran = new AtomicInteger();
            Omp.parallel(n, true, () -> {
                if (Omp.threadNum() == 0) {
                    Omp.cancel(Cancel.PARALLEL);
                    for (int i = 0; i < 1000; i++) {
                        Omp.task(ran::incrementAndGet);
                    }
                }
            });
            assertEquals(0, ran.get());
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void cancelSectionsStopsHandingOutSections(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            int count = 100_000;
            AtomicInteger executed = new AtomicInteger();
            Omp.parallel(n, true, () -> {
                Sections s = Omp.sections(count);
                for (int k; (k = s.next()) >= 0; ) {
                    if (k == 5 && Omp.cancel(Cancel.SECTIONS)) {
                        break;
                    }
                    if (Omp.cancellationPoint(Cancel.SECTIONS)) {
                        break;
                    }
                    executed.incrementAndGet();
                }
                s.end(false);
            });
            assertTrue(executed.get() < count / 2, executed.get() + " sections ran");
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void cancelTaskgroupDropsItsTasksNotYetStarted(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicInteger ranAfterCancel = new AtomicInteger();
            AtomicInteger ranAfterGroup = new AtomicInteger();
            boolean[] observed = new boolean[1];
            Omp.parallel(n, true, () -> {
                if (Omp.singleBegin()) {
                    Omp.taskgroup(() -> {
                        Omp.task(() -> {
                            if (Omp.cancel(Cancel.TASKGROUP)) {
                                return;
                            }
                            throw new AssertionError("cancellation is enabled");
                        });
                        while (!Omp.cancellationPoint(Cancel.TASKGROUP)) {
                            Thread.onSpinWait();
                        }
                        observed[0] = true;
                        for (int i = 0; i < 1000; i++) {
                            // Descendants of the group's tasks are dropped too.
                            Omp.task(() -> {
                                ranAfterCancel.incrementAndGet();
                                Omp.task(ranAfterCancel::incrementAndGet);
                            });
                        }
                    });
                    for (int i = 0; i < 100; i++) {
                        Omp.task(ranAfterGroup::incrementAndGet);
                    }
                }
                Omp.singleEnd(false);
            });
            assertTrue(observed[0]);
            assertEquals(0, ranAfterCancel.get());
            assertEquals(100, ranAfterGroup.get(), "tasks after the cancelled taskgroup run");
        });
    }

    /** cancel taskgroup in a taskloop task cancels the taskloop's own taskgroup; the taskloop ends cleanly. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void cancelTaskgroupInsideATaskloop(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicInteger started = new AtomicInteger();
            AtomicInteger sawCancel = new AtomicInteger();
            AtomicInteger after = new AtomicInteger();
            Omp.parallel(n, true, () -> {
                if (Omp.singleBegin()) {
                    Omp.taskloop(0, 100, 1, 0, 100, (s, e) -> {
                        started.incrementAndGet();
                        if (s == 0) {
                            Omp.cancel(Cancel.TASKGROUP);
                            return;
                        }
                        // Stands for long work: it ends when the cancel is seen (at most 10 s).
                        long deadline = System.nanoTime() + 10_000_000_000L;
                        while (!Omp.cancellationPoint(Cancel.TASKGROUP) && System.nanoTime() < deadline) {
                            Thread.onSpinWait();
                        }
                        if (Omp.cancellationPoint(Cancel.TASKGROUP)) {
                            sawCancel.incrementAndGet();
                        }
                    });
                    Omp.taskloop(0, 10, 1, 0, 10, (s, e) -> after.incrementAndGet());
                }
                Omp.singleEnd(false);
            });
            if (n == 1) {
                assertEquals(1, started.get(), "in a team of one the first task cancels the rest before they start");
            } else {
                assertTrue(started.get() < 100, started.get() + " of 100 tasks started");
            }
            assertEquals(started.get() - 1, sawCancel.get(), "every other task that started saw the cancel");
            assertEquals(10, after.get(), "a later taskloop is not cancelled");
        });
    }

    @Test
    void cancelOutsideItsConstructIsAnError() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Omp.cancel(Cancel.PARALLEL));
        assertTrue(e.getMessage().contains("outside a parallel region"), e.getMessage());
        e = assertThrows(IllegalStateException.class, () -> Omp.cancel(Cancel.FOR));
        assertTrue(e.getMessage().contains("outside a work-sharing loop"), e.getMessage());
        e = assertThrows(IllegalStateException.class, () -> Omp.cancellationPoint(Cancel.SECTIONS));
        assertTrue(e.getMessage().contains("outside a sections construct"), e.getMessage());
        e = assertThrows(IllegalStateException.class, () -> Omp.cancel(Cancel.TASKGROUP));
        assertTrue(e.getMessage().contains("outside a taskgroup"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Omp.cancel(null));
    }

    @Test
    void cancelOfAnOrderedLoopIsAnError() {
        assertTimeoutPreemptively(LIMIT, () -> {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> Omp.parallel(2, true, () -> {
                Loop loop = Omp.loop(0, 10, 1, Schedule.STATIC, Loop.ORDERED);
                try {
                    Omp.cancel(Cancel.FOR);
                } finally {
                    loop.end(true);
                }
            }));
            assertTrue(e.getMessage().contains("ordered"), e.getMessage());
        });
    }
}
