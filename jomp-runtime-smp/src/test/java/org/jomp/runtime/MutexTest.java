package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The lock under critical sections, {@link Lock} and {@link NestLock}: exclusion with more threads than cores
 * under every wait policy (so that waiters spin, queue, park and are woken), parking after a bounded spin, and
 * interrupts that neither break the wait nor get lost.
 */
class MutexTest {

    private static final Duration LIMIT = Duration.ofSeconds(60);

    @AfterEach
    void restorePolicy() {
        Env.currentWaitPolicy(Env.global().waitPolicy());
        Thread.interrupted();
    }

    @ParameterizedTest
    @EnumSource(WaitPolicy.class)
    void fourThreadsOnTwoCoresExcludeEachOtherUnderEveryPolicy(WaitPolicy policy) {
        Env.currentWaitPolicy(policy);
        int rounds = 100_000;
        assertTimeoutPreemptively(LIMIT, () -> {
            Mutex m = new Mutex();
            long[] counter = {0};
            int[] inside = {0};
            AtomicInteger overlaps = new AtomicInteger();
            Omp.parallel(4, true, () -> {
                for (int k = 0; k < rounds; k++) {
                    m.lock();
                    try {
                        if (++inside[0] != 1) {
                            overlaps.incrementAndGet();
                        }
                        counter[0]++;
                        // Now and then hold the lock long enough for the others to give up spinning and park.
                        if ((k & 1023) == 0) {
                            Thread.sleep(0, 200_000);
                        }
                        inside[0]--;
                    } finally {
                        m.unlock("the test's mutex");
                    }
                }
            });
            assertEquals(0, overlaps.get());
            assertEquals(4L * rounds, counter[0]);
            assertEquals(0, m.queuedWaiters(), "waiters still counted as queued");
        });
    }

    @ParameterizedTest
    @EnumSource(WaitPolicy.class)
    void nestLockCountsAndExcludesWithFourThreads(WaitPolicy policy) {
        Env.currentWaitPolicy(policy);
        int rounds = 20_000;
        assertTimeoutPreemptively(LIMIT, () -> {
            NestLock lock = new NestLock();
            long[] counter = {0};
            AtomicInteger wrongCount = new AtomicInteger();
            Omp.parallel(4, true, () -> {
                for (int k = 0; k < rounds; k++) {
                    lock.set();
                    lock.set();
                    if (lock.test() != 3) {
                        wrongCount.incrementAndGet();
                    }
                    counter[0]++;
                    lock.unset();
                    lock.unset();
                    lock.unset();
                }
            });
            assertEquals(0, wrongCount.get());
            assertEquals(4L * rounds, counter[0]);
        });
    }

    @ParameterizedTest
    @EnumSource(WaitPolicy.class)
    void aWaiterParksAfterABoundedSpinAndTakesTheLockWhenFreed(WaitPolicy policy) throws Exception {
        Env.currentWaitPolicy(policy);
        Mutex m = new Mutex();
        m.lock();
        AtomicBoolean got = new AtomicBoolean();
        Thread waiter = new Thread(() -> {
            m.lock();
            got.set(true);
            m.unlock("the test's mutex");
        });
        waiter.start();
        try {
            // Every policy spins at most 100 us; waiting seconds for the park leaves room for a loaded machine.
            assertTrue(parksWithin(waiter, 20_000), policy + ": the waiter still runs after 20 s");
            assertFalse(got.get());
        } finally {
            m.unlock("the test's mutex");
        }
        waiter.join(20_000);
        assertFalse(waiter.isAlive(), "the waiter did not get the lock after it was freed");
        assertTrue(got.get());
    }

    @Test
    void aPendingInterruptNeitherEndsTheWaitNorIsLost() throws Exception {
        Env.currentWaitPolicy(WaitPolicy.PASSIVE);
        Mutex m = new Mutex();
        m.lock();
        AtomicBoolean heldAfterLock = new AtomicBoolean();
        AtomicBoolean interruptedAfterLock = new AtomicBoolean();
        Thread waiter = new Thread(() -> {
            Thread.currentThread().interrupt();
            m.lock();
            heldAfterLock.set(m.heldByCurrentThread());
            interruptedAfterLock.set(Thread.currentThread().isInterrupted());
            m.unlock("the test's mutex");
        });
        waiter.start();
        try {
            assertTrue(parksWithin(waiter, 20_000), "a pending interrupt made the waiter spin");
        } finally {
            m.unlock("the test's mutex");
        }
        waiter.join(20_000);
        assertFalse(waiter.isAlive());
        assertTrue(heldAfterLock.get(), "lock() returned without the lock");
        assertTrue(interruptedAfterLock.get(), "the interrupt was lost");
    }

    @Test
    void onlyTheOwnerUnlocksAndTheErrorNamesTheLock() throws Exception {
        Mutex m = new Mutex();
        IllegalStateException free = assertThrows(IllegalStateException.class, () -> m.unlock("lock X"));
        assertTrue(free.getMessage().startsWith("lock X released by thread '"), free.getMessage());
        m.lock();
        AtomicBoolean refused = new AtomicBoolean();
        Thread other = new Thread(() -> {
            try {
                m.unlock("lock X");
            } catch (IllegalStateException e) {
                refused.set(e.getMessage().contains("does not hold it"));
            }
        });
        other.start();
        other.join(20_000);
        assertTrue(refused.get());
        assertTrue(m.heldByCurrentThread());
        assertFalse(m.tryLock());
        m.unlock("lock X");
        assertTrue(m.tryLock());
        m.unlock("lock X");
    }

    /** Whether {@code t} is seen parked (waiting without a monitor) within {@code millis}. */
    private static boolean parksWithin(Thread t, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (System.nanoTime() < deadline) {
            Thread.State s = t.getState();
            if (s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING) {
                return true;
            }
            Thread.sleep(1);
        }
        return false;
    }
}
