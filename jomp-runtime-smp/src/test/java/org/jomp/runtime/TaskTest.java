package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TaskTest {

    private static final Duration LIMIT = Duration.ofSeconds(30);

    /** Fibonacci with a task per call and a taskwait, as the OpenMP examples do. */
    private static long fib(int n) {
        if (n < 2) {
            return n;
        }
        long[] x = new long[1];
        long[] y = new long[1];
        Omp.task(() -> x[0] = fib(n - 1));
        Omp.task(() -> y[0] = fib(n - 2));
        Omp.taskwait();
        return x[0] + y[0];
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void recursiveFibonacciWithTasks(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            long[] result = new long[1];
            Omp.parallel(n, true, () -> {
                if (Omp.singleBegin()) {
                    result[0] = fib(22);
                }
                Omp.singleEnd(false);
            });
            assertEquals(17711, result[0]);
        });
    }

    @Test
    void fibonacciOutsideARegionRunsEveryTaskAtOnce() {
        assertEquals(6765, fib(20));
    }

    /** 10^5 tasks from one thread (single nowait): the end of the region completes all of them, each once. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void manySmallTasksRunExactlyOnce(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            int count = 100_000;
            AtomicIntegerArray runs = new AtomicIntegerArray(count);
            Omp.parallel(n, true, () -> {
                if (Omp.singleBegin()) {
                    for (int i = 0; i < count; i++) {
                        int k = i;
                        Omp.task(() -> runs.incrementAndGet(k));
                    }
                }
                Omp.singleEnd(true);
            });
            for (int i = 0; i < count; i++) {
                assertEquals(1, runs.get(i), "task " + i);
            }
        });
    }

    /** Every thread creates tasks; an explicit barrier completes all of them before any thread passes it. */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void aBarrierCompletesTheTasksOfEveryThread(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            int perThread = 20_000;
            AtomicInteger runs = new AtomicInteger();
            AtomicIntegerArray seenAfterBarrier = new AtomicIntegerArray(n);
            Omp.parallel(n, true, () -> {
                for (int i = 0; i < perThread; i++) {
                    Omp.task(runs::incrementAndGet);
                }
                Omp.barrier();
                seenAfterBarrier.set(Omp.threadNum(), runs.get());
            });
            for (int t = 0; t < n; t++) {
                assertEquals(n * perThread, seenAfterBarrier.get(t), "thread " + t + " after the barrier");
            }
        });
    }

    /** Two tasks that can only finish together: they must run at the same time on two threads of the team. */
    @Test
    void tasksRunInParallelOnDifferentThreads() {
        assertTimeoutPreemptively(LIMIT, () -> {
            CountDownLatch both = new CountDownLatch(2);
            AtomicInteger met = new AtomicInteger();
            Omp.parallel(2, true, () -> {
                if (Omp.singleBegin()) {
                    for (int i = 0; i < 2; i++) {
                        Omp.task(() -> {
                            both.countDown();
                            if (both.await(10, TimeUnit.SECONDS)) {
                                met.incrementAndGet();
                            }
                        });
                    }
                }
                Omp.singleEnd(false);
            });
            assertEquals(2, met.get());
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void outDependencesFormAChainInCreationOrder(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<Integer> order = Collections.synchronizedList(new ArrayList<>());
            Object[] key = {"x"};
            Omp.parallel(n, true, () -> {
                if (Omp.singleBegin()) {
                    for (int i = 0; i < 500; i++) {
                        int k = i;
                        // Equal keys that are different objects: dependences compare keys with equals().
                        Object[] out = {new String("x")};
                        Omp.task(true, false, i % 2 == 0 ? key : null, out, () -> order.add(k));
                    }
                }
                Omp.singleEnd(false);
            });
            List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                expected.add(i);
            }
            assertEquals(expected, order);
        });
    }

    /** A writes a, B and C read a and write b and c, D reads b and c: A before B and C, both before D. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void diamondDependencesRunInALegalOrder(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            int rounds = 300;
            AtomicInteger clock = new AtomicInteger();
            int[][] at = new int[rounds][4];
            Omp.parallel(n, true, () -> {
                if (Omp.singleBegin()) {
                    for (int r = 0; r < rounds; r++) {
                        int[] t = at[r];
                        String a = "a" + r;
                        String b = "b" + r;
                        String c = "c" + r;
                        Omp.task(true, false, null, new Object[] {a}, () -> t[0] = clock.incrementAndGet());
                        Omp.task(true, false, new Object[] {a}, new Object[] {b}, () -> t[1] = clock.incrementAndGet());
                        Omp.task(true, false, new Object[] {a}, new Object[] {c}, () -> t[2] = clock.incrementAndGet());
                        Omp.task(true, false, new Object[] {b, c}, null, () -> t[3] = clock.incrementAndGet());
                    }
                }
                Omp.singleEnd(false);
            });
            for (int r = 0; r < rounds; r++) {
                int[] t = at[r];
                assertTrue(t[0] > 0 && t[0] < t[1] && t[0] < t[2], "round " + r + ": A before B and C");
                assertTrue(t[1] < t[3] && t[2] < t[3], "round " + r + ": B and C before D");
            }
        });
    }

    /** Readers of a key run after its writer and before the next writer; they may run concurrently. */
    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void readersRunBetweenTheirWriters(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            int readers = 100;
            AtomicInteger clock = new AtomicInteger();
            int[] readAt = new int[readers];
            int[] writeAt = new int[2];
            Object[] key = {42};
            Omp.parallel(n, true, () -> {
                if (Omp.singleBegin()) {
                    Omp.task(true, false, null, key, () -> writeAt[0] = clock.incrementAndGet());
                    for (int i = 0; i < readers; i++) {
                        int k = i;
                        Omp.task(true, false, key, null, () -> readAt[k] = clock.incrementAndGet());
                    }
                    Omp.task(true, false, null, key, () -> writeAt[1] = clock.incrementAndGet());
                }
                Omp.singleEnd(false);
            });
            for (int i = 0; i < readers; i++) {
                assertTrue(writeAt[0] < readAt[i] && readAt[i] < writeAt[1], "reader " + i);
            }
        });
    }

    /** taskwait waits for the children only: a grandchild that keeps re-creating itself is still going. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void taskwaitWaitsForChildrenButNotForGrandchildren(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicBoolean released = new AtomicBoolean();
            AtomicBoolean childDone = new AtomicBoolean();
            AtomicBoolean grandchildDone = new AtomicBoolean();
            boolean[] atTaskwait = new boolean[2];
            Omp.parallel(n, true, () -> {
                if (Omp.singleBegin()) {
                    Omp.task(() -> {
                        Omp.task(() -> relay(released, grandchildDone));
                        childDone.set(true);
                    });
                    Omp.taskwait();
                    atTaskwait[0] = childDone.get();
                    atTaskwait[1] = grandchildDone.get();
                    released.set(true);
                }
                Omp.singleEnd(false);
            });
            if (n == 1) {
                // A team of one runs each task at once: the grandchild must not wait for the release.
                assertTrue(atTaskwait[0]);
            } else {
                assertArrayEquals(new boolean[] {true, false}, atTaskwait);
            }
            assertTrue(grandchildDone.get(), "the region completes the grandchild");
        });
    }

    /**
     * A task that never blocks a thread but stays unfinished until {@code released}: it hands itself on to a new
     * task. In a team of one (tasks run at once) it finishes at once instead.
     */
    private static void relay(AtomicBoolean released, AtomicBoolean done) {
        if (released.get() || Omp.numThreads() == 1) {
            done.set(true);
        } else {
            Omp.task(() -> relay(released, done));
        }
    }

    /** taskgroup waits for every descendant, however deep. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void taskgroupWaitsForAllDescendants(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicInteger leaves = new AtomicInteger();
            int[] seen = new int[1];
            Omp.parallel(n, true, () -> {
                if (Omp.singleBegin()) {
                    Omp.taskgroup(() -> tree(8, leaves));
                    seen[0] = leaves.get();
                }
                Omp.singleEnd(false);
            });
            assertEquals(256, seen[0]);
        });
    }

    private static void tree(int depth, AtomicInteger leaves) throws InterruptedException {
        if (depth == 0) {
            Thread.sleep(0, 1000);
            leaves.incrementAndGet();
            return;
        }
        Omp.task(() -> tree(depth - 1, leaves));
        Omp.task(() -> tree(depth - 1, leaves));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void ifFalseRunsTheTaskAtOnceInTheEncounteringThread(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicInteger wrong = new AtomicInteger();
            Omp.parallel(n, true, () -> {
                for (int i = 0; i < 100; i++) {
                    Thread me = Thread.currentThread();
                    AtomicReference<Thread> ran = new AtomicReference<>();
                    Omp.task(false, false, null, null, () -> ran.set(Thread.currentThread()));
                    if (ran.get() != me) {
                        wrong.incrementAndGet();
                    }
                }
            });
            assertEquals(0, wrong.get());
        });
    }

    /** An undeferred task still waits for its dependences: a slow deferred writer comes first. */
    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void ifFalseWaitsForItsDependences(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicInteger violations = new AtomicInteger();
            Omp.parallel(n, true, () -> {
                for (int i = 0; i < 20; i++) {
                    AtomicBoolean written = new AtomicBoolean();
                    Object[] key = {"k" + Omp.threadNum()};
                    Omp.task(true, false, null, key, () -> {
                        Thread.sleep(1);
                        written.set(true);
                    });
                    Omp.task(false, false, key, null, () -> {
                        if (!written.get()) {
                            violations.incrementAndGet();
                        }
                    });
                }
            });
            assertEquals(0, violations.get());
        });
    }

    /** Every task created inside a final task, and inside those, runs at once in the creating thread. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void finalMakesDescendantsIncluded(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicInteger notImmediate = new AtomicInteger();
            AtomicInteger ran = new AtomicInteger();
            Omp.parallel(n, true, () -> {
                if (Omp.singleBegin()) {
                    Omp.task(true, true, null, null, () -> {
                        Thread me = Thread.currentThread();
                        for (int i = 0; i < 10; i++) {
                            AtomicBoolean done = new AtomicBoolean();
                            Omp.task(() -> {
                                AtomicBoolean inner = new AtomicBoolean();
                                Omp.task(() -> inner.set(Thread.currentThread() == me));
                                done.set(inner.get() && Thread.currentThread() == me);
                                ran.incrementAndGet();
                            });
                            if (!done.get()) {
                                notImmediate.incrementAndGet();
                            }
                        }
                    });
                }
                Omp.singleEnd(false);
            });
            assertEquals(10, ran.get());
            assertEquals(0, notImmediate.get());
        });
    }

    @Test
    void outsideARegionATaskRunsAtOnce() {
        Thread me = Thread.currentThread();
        AtomicReference<Thread> ran = new AtomicReference<>();
        Omp.task(() -> ran.set(Thread.currentThread()));
        assertSame(me, ran.get());
        Omp.taskwait();
        AtomicInteger inGroup = new AtomicInteger();
        Omp.taskgroup(() -> {
            Omp.task(inGroup::incrementAndGet);
            Omp.task(inGroup::incrementAndGet);
        });
        assertEquals(2, inGroup.get());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void taskloopCoversEveryIterationOnce(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            long[][] cases = {
                    // lo, hi, step, grainsize, numTasks
                    {0, 1000, 1, 0, 0}, {0, 1000, 1, 7, 0}, {0, 1000, 1, 0, 13}, {5, 1003, 3, 10, 0},
                    {1000, 0, -1, 0, 6}, {999, -2, -7, 0, 0}, {0, 10, 1, 100, 0}, {0, 10, 1, 0, 100}, {3, 3, 1, 0, 0},
            };
            for (long[] c : cases) {
                long lo = c[0];
                long hi = c[1];
                long step = c[2];
                int count = (int) Loop.count(lo, hi, step, false);
                AtomicIntegerArray runs = new AtomicIntegerArray(Math.max(count, 1));
                List<long[]> chunks = Collections.synchronizedList(new ArrayList<>());
                Omp.parallel(n, true, () -> {
                    if (Omp.singleBegin()) {
                        Omp.taskloop(lo, hi, step, c[3], c[4], (s, e) -> {
                            long size = 0;
                            for (long i = s; i != e; i += step) {
                                runs.incrementAndGet((int) ((i - lo) / step));
                                size++;
                            }
                            chunks.add(new long[] {s, size});
                        });
                    }
                    Omp.singleEnd(false);
                });
                String what = "taskloop(" + lo + ", " + hi + ", " + step + ", grainsize " + c[3] + ", numTasks " + c[4]
                        + ")";
                for (int i = 0; i < count; i++) {
                    assertEquals(1, runs.get(i), what + " iteration " + i);
                }
                if (count == 0) {
                    assertTrue(chunks.isEmpty(), what);
                    continue;
                }
                if (c[3] > 0) {
                    assertEquals(Math.max(1, count / c[3]), chunks.size(), what + " tasks");
                    for (long[] ch : chunks) {
                        assertTrue(count < c[3] || ch[1] >= c[3] && ch[1] < 2 * c[3], what + " task size " + ch[1]);
                    }
                } else if (c[4] > 0) {
                    assertEquals(Math.min(c[4], count), chunks.size(), what + " tasks");
                } else {
                    assertEquals(Math.min(n, count), chunks.size(), what + " tasks");
                }
            }
        });
    }

    @Test
    void taskloopRejectsBadArguments() {
        RangeBody body = (s, e) -> { };
        assertThrows(IllegalArgumentException.class, () -> Omp.taskloop(0, 10, 0, 0, 0, body));
        assertThrows(IllegalArgumentException.class, () -> Omp.taskloop(0, 10, 1, -1, 0, body));
        assertThrows(IllegalArgumentException.class, () -> Omp.taskloop(0, 10, 1, 0, -1, body));
        IllegalArgumentException both = assertThrows(IllegalArgumentException.class,
                () -> Omp.taskloop(0, 10, 1, 2, 3, body));
        assertTrue(both.getMessage().contains("grainsize 2 and numTasks 3"), both.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Omp.taskloop(0, 10, 1, 0, 0, null));
        assertThrows(IllegalArgumentException.class, () -> Omp.task(null));
        IllegalArgumentException key = assertThrows(IllegalArgumentException.class,
                () -> Omp.task(true, false, new Object[] {"a", null}, null, () -> { }));
        assertTrue(key.getMessage().contains("depend(in) key 1"), key.getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void anExceptionInATaskEndsTheRegionAndReachesTheCaller(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            IllegalStateException boom = new IllegalStateException("boom");
            AtomicInteger afterBarrier = new AtomicInteger();
            IllegalStateException thrown = assertThrows(IllegalStateException.class, () ->
                    Omp.parallel(n, true, () -> {
                        if (Omp.singleBegin()) {
                            for (int i = 0; i < 1000; i++) {
                                int k = i;
                                Omp.task(() -> {
                                    if (k == 500) {
                                        throw boom;
                                    }
                                });
                            }
                        }
                        Omp.singleEnd(false);
                        Omp.barrier();
                        afterBarrier.incrementAndGet();
                    }));
            assertSame(boom, thrown);
            if (n > 1) {
                assertEquals(0, afterBarrier.get(), "no thread passes a barrier of the broken team");
            }
            // The pool is healthy for the next region.
            AtomicInteger runs = new AtomicInteger();
            Omp.parallel(n, true, () -> Omp.task(runs::incrementAndGet));
            assertEquals(n, runs.get());
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void exceptionsOfSeveralTasksArriveTogether(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            CountDownLatch all = new CountDownLatch(n);
            RuntimeException thrown = assertThrows(RuntimeException.class, () ->
                    Omp.parallel(n, true, () -> {
                        int me = Omp.threadNum();
                        Omp.task(true, false, null, null, () -> {
                            all.countDown();
                            all.await(10, TimeUnit.SECONDS);
                            throw new RuntimeException("task of thread " + me);
                        });
                        Omp.taskwait();
                    }));
            assertTrue(thrown.getMessage().startsWith("task of thread "), thrown.getMessage());
            int total = 1 + thrown.getSuppressed().length;
            assertTrue(total >= 1 && total <= n, "exceptions: " + total);
        });
    }

    @Test
    void aCheckedExceptionOfATaskIsRethrownAsIs() {
        assertTimeoutPreemptively(LIMIT, () -> {
            java.io.IOException io = new java.io.IOException("disk");
            Throwable thrown = assertThrows(java.io.IOException.class, () ->
                    Omp.parallel(2, true, () -> Omp.taskgroup(() -> Omp.task(() -> {
                        throw io;
                    }))));
            assertSame(io, thrown);
        });
    }

    @Test
    void anExceptionOfATaskOutsideARegionIsThrownByTask() {
        IllegalStateException boom = new IllegalStateException("here");
        assertSame(boom, assertThrows(IllegalStateException.class, () -> Omp.task(() -> {
            throw boom;
        })));
    }

    @Test
    void anExceptionOfTheTaskgroupBodyIsRethrownAfterItsTasks() {
        assertTimeoutPreemptively(LIMIT, () -> {
            IllegalArgumentException boom = new IllegalArgumentException("group body");
            AtomicInteger running = new AtomicInteger();
            AtomicInteger stillRunningAfter = new AtomicInteger(-1);
            Omp.parallel(2, true, () -> {
                if (Omp.singleBegin()) {
                    try {
                        Omp.taskgroup(() -> {
                            Omp.task(() -> {
                                running.incrementAndGet();
                                Thread.sleep(20);
                                running.decrementAndGet();
                            });
                            throw boom;
                        });
                    } catch (IllegalArgumentException e) {
                        stillRunningAfter.set(e == boom ? running.get() : -2);
                    }
                }
                Omp.singleEnd(false);
            });
            assertEquals(0, stillRunningAfter.get(), "the taskgroup's tasks are over when its exception arrives");
        });
    }

    @Test
    void aBarrierInsideAnExplicitTaskIsAnError() {
        assertTimeoutPreemptively(LIMIT, () -> {
            IllegalStateException e = assertThrows(IllegalStateException.class, () ->
                    Omp.parallel(2, true, () -> {
                        Omp.task(Omp::barrier);
                    }));
            assertTrue(e.getMessage().contains("inside an explicit task"), e.getMessage());
        });
    }

    /**
     * While one thread of a team of two runs a long task, the other waits for it (in taskwait, or at the barrier,
     * whichever thread took the task) and must park rather than spin: it is seen in state WAITING.
     */
    @Test
    void aThreadWaitingForATaskParks() {
        WaitPolicy saved = Env.currentWaitPolicy();
        Env.currentWaitPolicy(WaitPolicy.DEFAULT);
        try {
            assertTimeoutPreemptively(LIMIT, () -> {
                Thread[] team = new Thread[2];
                AtomicReference<Thread> runner = new AtomicReference<>();
                AtomicBoolean release = new AtomicBoolean();
                AtomicBoolean sawParked = new AtomicBoolean();
                Thread watcher = new Thread(() -> {
                    long deadline = System.nanoTime() + 10_000_000_000L;
                    while (!sawParked.get() && System.nanoTime() < deadline) {
                        Thread r = runner.get();
                        for (Thread t : team) {
                            if (r != null && t != null && t != r && t.getState() == Thread.State.WAITING) {
                                sawParked.set(true);
                            }
                        }
                        Thread.onSpinWait();
                    }
                    release.set(true);
                });
                watcher.start();
                Omp.parallel(2, true, () -> {
                    team[Omp.threadNum()] = Thread.currentThread();
                    Omp.barrier();
                    if (Omp.threadNum() == 1) {
                        Omp.task(() -> {
                            runner.set(Thread.currentThread());
                            while (!release.get()) {
                                Thread.onSpinWait();
                            }
                        });
                        Omp.taskwait();
                    }
                    Omp.barrier();
                });
                watcher.join();
                assertTrue(sawParked.get(), "the waiting thread never parked");
            });
        } finally {
            Env.currentWaitPolicy(saved);
        }
    }

    /** Two user threads (say two SPMD ranks) run regions full of tasks at once: each team keeps its own tasks. */
    @Test
    void independentTeamsRunTheirTasksAtTheSameTime() {
        assertTimeoutPreemptively(LIMIT, () -> {
            long[] results = new long[2];
            Thread[] ranks = new Thread[2];
            AtomicReference<Throwable> failure = new AtomicReference<>();
            for (int r = 0; r < 2; r++) {
                int rank = r;
                ranks[r] = new Thread(() -> {
                    try {
                        for (int rep = 0; rep < 20; rep++) {
                            Omp.parallel(2, true, () -> {
                                if (Omp.singleBegin()) {
                                    results[rank] = fib(16 + rank);
                                }
                                Omp.singleEnd(false);
                            });
                        }
                    } catch (Throwable e) {
                        failure.set(e);
                    }
                });
                ranks[r].start();
            }
            for (Thread t : ranks) {
                t.join();
            }
            assertNull(failure.get(), "a rank failed");
            assertArrayEquals(new long[] {987, 1597}, results);
        });
    }

    @Test
    void tasksOfANestedRegionStayInItsTeam() {
        assertTimeoutPreemptively(LIMIT, () -> {
            int saved = Omp.maxActiveLevels();
            Omp.setMaxActiveLevels(2);
            try {
                AtomicInteger wrongLevel = new AtomicInteger();
                AtomicInteger runs = new AtomicInteger();
                Omp.parallel(2, true, () -> Omp.parallel(2, true, () -> {
                    for (int i = 0; i < 1000; i++) {
                        Omp.task(() -> {
                            if (Omp.level() != 2) {
                                wrongLevel.incrementAndGet();
                            }
                            runs.incrementAndGet();
                        });
                    }
                }));
                assertEquals(4000, runs.get());
                assertEquals(0, wrongLevel.get());
            } finally {
                Omp.setMaxActiveLevels(saved);
            }
        });
    }

    @Test
    void taskwaitAndTaskgroupInsideTasksNest() {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicInteger bad = new AtomicInteger();
            Omp.parallel(3, true, () -> {
                if (Omp.singleBegin()) {
                    for (int i = 0; i < 50; i++) {
                        Omp.task(() -> {
                            AtomicInteger children = new AtomicInteger();
                            Omp.taskgroup(() -> {
                                for (int j = 0; j < 10; j++) {
                                    Omp.task(children::incrementAndGet);
                                }
                            });
                            if (children.get() != 10) {
                                bad.incrementAndGet();
                            }
                        });
                    }
                    Omp.taskwait();
                }
                Omp.singleEnd(false);
            });
            assertFalse(bad.get() > 0, bad.get() + " taskgroups ended early");
        });
    }
}
