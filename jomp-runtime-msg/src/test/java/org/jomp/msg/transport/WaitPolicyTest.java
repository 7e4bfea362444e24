package org.jomp.msg.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The adaptive spin budget shared by a JVM's waits: long waits (a large message, a rank still starting) shrink it
 * to its floor, and it must be able to grow again once partners answer quickly, or every later short wait pays a
 * yield.
 */
class WaitPolicyTest {

    @BeforeEach
    @AfterEach
    void fullBudget() {
        for (int i = 0; i < 64; i++) {
            WaitPolicy.spinSucceeded();
        }
    }

    @Test
    void aWaitsFirstSpinsAreFewOnceRanksOutnumberCores() {
        int extra = Runtime.getRuntime().availableProcessors() + 1;
        WaitPolicy.ranksStarted(extra);
        try {
            assertEquals(8, WaitPolicy.firstSpins(), "a crowded waiter spins on a core its partner needs");
        } finally {
            WaitPolicy.ranksStarted(-extra);
        }
        if (!WaitPolicy.ranksOutnumberCores()) {
            assertEquals(WaitPolicy.MIN_SPINS, WaitPolicy.firstSpins());
        }
    }

    @Test
    void aBudgetAtItsFloorGrowsBackWhenWaitsEndInTheFirstYields() {
        for (int i = 0; i < 64; i++) {
            WaitPolicy.spinFailed();
        }
        assertEquals(WaitPolicy.MIN_SPINS, WaitPolicy.budget(), "long waits shrink the budget to its floor");
        WaitPolicy.endedInYields(0);
        assertEquals(2 * WaitPolicy.MIN_SPINS, WaitPolicy.budget(), "a wait ended at the first yield doubles it");
        int before = WaitPolicy.budget();
        for (int i = 0; i < 64; i++) {
            WaitPolicy.endedInYields(WaitPolicy.NEAR_YIELDS - 1);
        }
        assertTrue(WaitPolicy.budget() > 100 * before, "quick partners restore the budget, got " + WaitPolicy.budget());
    }

    @Test
    void aWaitThatEndsLateInTheYieldsShrinksTheBudget() {
        int full = WaitPolicy.budget();
        WaitPolicy.endedInYields(WaitPolicy.NEAR_YIELDS);
        assertEquals(full / 2, WaitPolicy.budget());
    }

    @Test
    void aYieldThatLostTheCoreForASliceStopsTheYieldsForAWhileUnlessRanksOutnumberTheCores() {
        long t = System.nanoTime();
        assertTrue(WaitPolicy.yielded(WaitPolicy.LONG_YIELD_NANOS - 1, t), "a short yield changes nothing");
        assertTrue(WaitPolicy.yieldsPay(t));
        assertFalse(WaitPolicy.yielded(WaitPolicy.LONG_YIELD_NANOS, t), "a long yield ends the yielding");
        assertFalse(WaitPolicy.yieldsPay(t + WaitPolicy.NO_YIELD_NANOS - 1), "no yields within the window");
        assertTrue(WaitPolicy.yieldsPay(t + WaitPolicy.NO_YIELD_NANOS), "yields again after it");
        int cores = Runtime.getRuntime().availableProcessors();
        long later = t + 2 * WaitPolicy.NO_YIELD_NANOS;
        WaitPolicy.ranksStarted(cores + 1);
        try {
            assertTrue(WaitPolicy.yielded(10 * WaitPolicy.LONG_YIELD_NANOS, later),
                    "with more rank threads than cores a long yield went to a partner rank");
            assertTrue(WaitPolicy.yieldsPay(later));
        } finally {
            WaitPolicy.ranksStarted(-(cores + 1));
        }
    }

    @Test
    void aCounterWaiterSleepsLongerAsItWaitsButNeverMoreThanAnEighthOfItsWaitPastTheFirstSlice() {
        assertEquals(WaitPolicy.PARK_NANOS, WaitPolicy.sleepSlice(0), "a wait that has just begun sleeps briefly");
        long previous = 0;
        for (long waited = 0; waited <= 100 * WaitPolicy.MAX_PARK_NANOS; waited += 50_000) {
            long slice = WaitPolicy.sleepSlice(waited);
            assertTrue(slice >= previous, "slices never shrink as the wait goes on: " + slice + " after " + previous);
            assertTrue(slice <= Math.max(WaitPolicy.PARK_NANOS, waited / 8), slice + " ns after waiting " + waited);
            assertTrue(slice <= WaitPolicy.MAX_PARK_NANOS, slice + " ns exceeds the longest slice");
            previous = slice;
        }
        assertEquals(WaitPolicy.MAX_PARK_NANOS, previous, "a long wait wakes at most a thousand times a second");
    }

    @Test
    void theBusyLoadIsAPositiveNumber() {
        assertEquals(1000.0, WaitPolicy.busyLoad("1000"));
        assertEquals(0.5, WaitPolicy.busyLoad("0.5"));
        for (String bad : new String[] {"0", "-1", "high", ""}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WaitPolicy.busyLoad(bad));
            assertTrue(e.getMessage().contains("-Djomp.msg.busyLoad=" + bad), e.getMessage());
        }
    }
}
