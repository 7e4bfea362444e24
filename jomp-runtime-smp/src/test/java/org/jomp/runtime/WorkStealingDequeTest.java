package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WorkStealingDequeTest {

    @Test
    void ownerPopsNewestFirstThievesStealOldestFirst() {
        WorkStealingDeque<Integer> d = new WorkStealingDeque<>();
        for (int i = 0; i < 5; i++) {
            d.push(i);
        }
        assertEquals(4, d.pop());
        assertEquals(0, d.steal());
        assertEquals(1, d.steal());
        assertEquals(3, d.pop());
        assertEquals(2, d.pop());
        assertNull(d.pop());
        assertNull(d.steal());
        assertTrue(d.isEmpty());
    }

    @Test
    void growsPastItsInitialCapacityKeepingOrder() {
        WorkStealingDeque<Integer> d = new WorkStealingDeque<>();
        int n = 1000;
        for (int i = 0; i < n; i++) {
            d.push(i);
        }
        for (int i = 0; i < n / 2; i++) {
            assertEquals(i, d.steal());
        }
        for (int i = n - 1; i >= n / 2; i--) {
            assertEquals(i, d.pop());
        }
        assertTrue(d.isEmpty());
    }

    @Test
    void clearDropsEverything() {
        WorkStealingDeque<Integer> d = new WorkStealingDeque<>();
        d.push(1);
        d.push(2);
        d.clear();
        assertTrue(d.isEmpty());
        assertNull(d.pop());
        d.push(3);
        assertEquals(3, d.steal());
    }

    /** The owner pushes and pops while thieves steal: every element is taken exactly once. */
    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void concurrentOwnerAndThievesTakeEveryElementOnce(int thieves) {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            int n = 300_000;
            WorkStealingDeque<Integer> d = new WorkStealingDeque<>();
            AtomicIntegerArray taken = new AtomicIntegerArray(n);
            AtomicBoolean done = new AtomicBoolean();
            Thread[] ts = new Thread[thieves];
            for (int k = 0; k < thieves; k++) {
                ts[k] = new Thread(() -> {
                    while (!done.get() || !d.isEmpty()) {
                        Integer x = d.steal();
                        if (x != null) {
                            taken.incrementAndGet(x);
                        }
                    }
                });
                ts[k].start();
            }
            for (int i = 0; i < n; i++) {
                d.push(i);
                // Pop now and then, so that owner and thieves race for the last element.
                if (i % 3 == 0) {
                    Integer x = d.pop();
                    if (x != null) {
                        taken.incrementAndGet(x);
                    }
                }
            }
            Integer x;
            while ((x = d.pop()) != null) {
                taken.incrementAndGet(x);
            }
            done.set(true);
            for (Thread t : ts) {
                t.join();
            }
            for (int i = 0; i < n; i++) {
                assertEquals(1, taken.get(i), "element " + i);
            }
        });
    }
}
