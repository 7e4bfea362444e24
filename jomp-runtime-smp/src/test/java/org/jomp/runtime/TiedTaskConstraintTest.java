package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/**
 * OpenMP's task scheduling constraint for tied tasks (5.2, section 12.9): a thread suspended in a taskwait (or at
 * the end of a taskgroup) of a tied task may run only new tasks that descend from that task. Without it a thread
 * could start an unrelated long task inside the wait and hold the waiting task up behind it.
 */
class TiedTaskConstraintTest {

    private static final Duration LIMIT = Duration.ofSeconds(30);

    @AfterEach
    void restorePolicy() {
        Env.currentWaitPolicy(Env.global().waitPolicy());
    }

    /** Spins in user code (not a task scheduling point) until {@code flag} is set. */
    private static void await(AtomicBoolean flag) {
        while (!flag.get()) {
            Thread.onSpinWait();
        }
    }

    /**
     * Three threads. The master creates task A and, once A waits for its child C (which another thread runs for
     * 30 ms; A waits in a taskwait, or at the end of a taskgroup around C), queues eight tasks S that are not A's descendants, and spins in user code until A is done. The
     * thread in A's taskwait sees the S tasks in the master's deque the whole time and must leave them alone.
     */
    private static void scenario(boolean viaTaskgroup) {
        AtomicBoolean childStarted = new AtomicBoolean();
        AtomicBoolean siblingsQueued = new AtomicBoolean();
        AtomicBoolean aWaits = new AtomicBoolean();
        AtomicBoolean aDone = new AtomicBoolean();
        AtomicReference<Thread> waitingInA = new AtomicReference<>();
        AtomicInteger siblingsRun = new AtomicInteger();
        AtomicInteger siblingsRunInsideTheWait = new AtomicInteger();
        AtomicInteger descendantsRun = new AtomicInteger();
        Omp.parallel(3, true, () -> {
            if (Omp.threadNum() != 0) {
                // A thread waiting in a barrier runs any queued task. (At the region's end a thread that finds no
                // task pending yet leaves at once, so it could miss A.)
                Omp.barrier();
                return;
            }
            Omp.task(() -> {
                Region child = () -> {
                    childStarted.set(true);
                    await(siblingsQueued);
                    Thread.sleep(30);
                    // A task of A's family queued while A waits: the waiting thread may run it.
                    Omp.task(descendantsRun::incrementAndGet);
                };
                Region createAndWait = () -> {
                    Omp.task(child);
                    await(childStarted);
                    waitingInA.set(Thread.currentThread());
                    aWaits.set(true);
                };
                if (viaTaskgroup) {
                    // The long wait is the end of the taskgroup, which holds C.
                    Omp.taskgroup(createAndWait);
                } else {
                    createAndWait.run();
                }
                Omp.taskwait();
                waitingInA.set(null);
                aDone.set(true);
            });
            await(aWaits);
            for (int i = 0; i < 8; i++) {
                Omp.task(() -> {
                    siblingsRun.incrementAndGet();
                    if (waitingInA.get() == Thread.currentThread()) {
                        siblingsRunInsideTheWait.incrementAndGet();
                    }
                });
            }
            siblingsQueued.set(true);
            // Left queued until A's wait is over, the S tasks are a standing temptation for the waiting thread.
            await(aDone);
            Omp.barrier();
        });
        assertEquals(8, siblingsRun.get(), "unrelated tasks that ran");
        assertEquals(1, descendantsRun.get(), "descendant tasks that ran");
        assertEquals(0, siblingsRunInsideTheWait.get(), "unrelated tasks run by the thread waiting in A's "
                + (viaTaskgroup ? "taskgroup" : "taskwait"));
    }

    @RepeatedTest(3)
    void aThreadInTaskwaitRunsOnlyDescendantsOfTheWaitingTask() {
        assertTimeoutPreemptively(LIMIT, () -> scenario(false));
    }

    @Test
    void theConstraintHoldsWhenTheWaitParks() {
        Env.currentWaitPolicy(WaitPolicy.PASSIVE);
        assertTimeoutPreemptively(LIMIT, () -> scenario(false));
    }

    @Test
    void aTaskgroupEndIsConstrainedToo() {
        assertTimeoutPreemptively(LIMIT, () -> scenario(true));
    }

    @Test
    void aTaskwaitInTheImplicitTaskLeavesOtherThreadsTasksAlone() {
        // Thread 1 waits in its implicit task's taskwait for a slow child that thread 2 runs from a barrier; thread
        // 0's tasks, queued meanwhile and left queued (thread 0 spins in user code), are not thread 1's descendants.
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicBoolean slowStarted = new AtomicBoolean();
            AtomicBoolean othersQueued = new AtomicBoolean();
            AtomicBoolean waitOver = new AtomicBoolean();
            AtomicReference<Thread> waiting = new AtomicReference<>();
            AtomicInteger ran = new AtomicInteger();
            AtomicInteger ranInsideTheWait = new AtomicInteger();
            Omp.parallel(3, true, () -> {
                int me = Omp.threadNum();
                if (me == 1) {
                    Omp.task(() -> {
                        slowStarted.set(true);
                        await(othersQueued);
                        Thread.sleep(30);
                    });
                    await(slowStarted);
                    waiting.set(Thread.currentThread());
                    Omp.taskwait();
                    waiting.set(null);
                    waitOver.set(true);
                } else if (me == 0) {
                    await(slowStarted);
                    for (int i = 0; i < 8; i++) {
                        Omp.task(() -> {
                            ran.incrementAndGet();
                            if (waiting.get() == Thread.currentThread()) {
                                ranInsideTheWait.incrementAndGet();
                            }
                        });
                    }
                    othersQueued.set(true);
                    await(waitOver);
                }
                // Thread 2 runs the slow task from here; every thread runs what is left.
                Omp.barrier();
            });
            assertEquals(8, ran.get(), "thread 0's tasks that ran");
            assertEquals(0, ranInsideTheWait.get(), "thread 0's tasks run inside thread 1's taskwait");
        });
    }
}
