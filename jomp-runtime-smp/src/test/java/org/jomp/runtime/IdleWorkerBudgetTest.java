package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A worker's long waits for the next region leave the idle budget of its waits inside regions alone: the
 * program's serial gaps say nothing about whether a team-mate runs, and halving that budget put the hand-offs at
 * the start of every region (an ordered loop's above all) into park mode.
 */
class IdleWorkerBudgetTest {

    @AfterEach
    void restorePolicy() {
        Env.currentWaitPolicy(Env.global().waitPolicy());
    }

    @Test
    void serialGapsBetweenRegionsDoNotDrainTheBudgetOfWaitsInsideThem() throws Throwable {
        Env.currentWaitPolicy(WaitPolicy.DEFAULT);
        long[] budgets = new long[8];
        for (int r = 0; r < budgets.length; r++) {
            int round = r;
            Omp.parallel(2, true, () -> {
                if (Omp.threadNum() == 1) {
                    budgets[round] = Binding.state().backoff.budgetNanos();
                }
            });
            // Longer than the default policy's whole budget: the worker's wait for the next region parks.
            Thread.sleep(5);
        }
        for (int r = 1; r < budgets.length; r++) {
            assertEquals(budgets[0], budgets[r], "the in-region budget after " + r + " parked waits between regions");
        }
    }
}
