package org.jomp.it.smp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;

class SquaresTest {

    @Test
    void theLoopRunsOnSeveralThreadsAndGetsTheSequentialAnswer() {
        Set<String> workers = ConcurrentHashMap.newKeySet();
        long sum = Squares.sumOfSquares(100_000, workers);
        assertEquals(Plain.expectedSumOfSquares(100_000), sum);
        // Static schedule, four threads, 100000 iterations: every thread gets a block of iterations.
        assertEquals(4, workers.size(), () -> "threads that ran iterations: " + workers);
        assertTrue(workers.contains(Thread.currentThread().getName()), "the master takes part in its team");
    }
}
