package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An interrupt pending in a thread that waits for tasks belongs to the code that waits: the tasks the thread runs
 * meanwhile do not see it (a Thread.sleep in one of them would throw), the wait neither ends early nor turns into
 * a busy loop of parks that return at once, and the interrupt is still pending when the wait returns.
 */
class TaskInterruptTest {

    private static final Duration LIMIT = Duration.ofSeconds(30);

    @AfterEach
    void restorePolicy() {
        Env.currentWaitPolicy(Env.global().waitPolicy());
        Thread.interrupted();
    }

    @ParameterizedTest
    @EnumSource(WaitPolicy.class)
    void tasksRunInATaskwaitDoNotSeeTheWaitersInterrupt(WaitPolicy policy) {
        Env.currentWaitPolicy(policy);
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicBoolean waitOver = new AtomicBoolean();
            AtomicInteger sleptWell = new AtomicInteger();
            boolean[] interruptedAfter = new boolean[1];
            Omp.parallel(2, true, () -> {
                if (Omp.threadNum() == 1) {
                    // Busy in user code, so thread 0 runs its own tasks in its taskwait.
                    while (!waitOver.get()) {
                        Thread.onSpinWait();
                    }
                    return;
                }
                try {
                    Thread.currentThread().interrupt();
                    for (int i = 0; i < 3; i++) {
                        Omp.task(() -> {
                            Thread.sleep(2);
                            sleptWell.incrementAndGet();
                        });
                    }
                    Omp.taskwait();
                    interruptedAfter[0] = Thread.interrupted();
                } finally {
                    waitOver.set(true);
                }
            });
            assertEquals(3, sleptWell.get(), "tasks whose sleep was not interrupted");
            assertTrue(interruptedAfter[0], "the interrupt is still pending after the taskwait");
        });
    }

    @ParameterizedTest
    @EnumSource(WaitPolicy.class)
    void aWaitForAnotherThreadsTaskKeepsThePendingInterrupt(WaitPolicy policy) {
        Env.currentWaitPolicy(policy);
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicBoolean started = new AtomicBoolean();
            AtomicBoolean waiting = new AtomicBoolean();
            AtomicBoolean childDone = new AtomicBoolean();
            boolean[] interruptedAfter = new boolean[2];
            boolean[] childDoneAfterWait = new boolean[1];
            Omp.parallel(2, true, () -> {
                if (Omp.threadNum() == 1) {
                    Omp.barrier(); // thread 1 takes the slow task from here
                    return;
                }
                Omp.task(() -> {
                    started.set(true);
                    // Still running when the taskwait begins, however the threads are scheduled.
                    while (!waiting.get()) {
                        Thread.onSpinWait();
                    }
                    Thread.sleep(50);
                    childDone.set(true);
                });
                while (!started.get()) {
                    Thread.onSpinWait();
                }
                Thread.currentThread().interrupt();
                waiting.set(true);
                Omp.taskwait();
                childDoneAfterWait[0] = childDone.get();
                interruptedAfter[0] = Thread.interrupted();
                Thread.currentThread().interrupt();
                Omp.taskgroup(() -> Omp.task(() -> Thread.sleep(1)));
                interruptedAfter[1] = Thread.interrupted();
                Omp.barrier();
            });
            assertTrue(childDoneAfterWait[0], "the taskwait ended before its child");
            assertTrue(interruptedAfter[0], "the interrupt is still pending after the taskwait");
            assertTrue(interruptedAfter[1], "the interrupt is still pending after the taskgroup");
        });
    }
}
