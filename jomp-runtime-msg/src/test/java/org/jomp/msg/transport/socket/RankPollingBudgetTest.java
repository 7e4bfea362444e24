package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The rank thread's poll budget adapts to how its waits end: a wait whose message came soon after it blocked
 * (a longer poll would have caught it) doubles the budget, up to {@link RankPolling#MAX_BUDGET_NANOS}; one that
 * blocked far longer than any poll halves it, down to the configured budget; a wait that never blocked, or failed,
 * leaves it.
 */
class RankPollingBudgetTest {
    private static final long FLOOR = 50_000;

    private static void waitEnds(RankPolling p, boolean done, long blockedNanos) {
        p.begin();
        p.end(done, blockedNanos);
    }

    @Test
    void aMessageSoonAfterTheBlockDoublesTheBudgetUpToItsCap() {
        RankPolling p = new RankPolling(new Connection[0], FLOOR, true, 65536);
        assertEquals(FLOOR, p.budgetNanos());
        waitEnds(p, true, FLOOR - 1);
        assertEquals(2 * FLOOR, p.budgetNanos(), "the reply came within as long again as the wait had polled");
        for (int i = 0; i < 20; i++) {
            waitEnds(p, true, 0);
        }
        assertEquals(RankPolling.MAX_BUDGET_NANOS, p.budgetNanos());
    }

    @Test
    void aLongBlockHalvesTheBudgetDownToTheConfiguredOne() {
        RankPolling p = new RankPolling(new Connection[0], FLOOR, true, 65536);
        waitEnds(p, true, 0);
        waitEnds(p, true, 0);
        assertEquals(4 * FLOOR, p.budgetNanos());
        waitEnds(p, true, RankPolling.MAX_BUDGET_NANOS + 1);
        assertEquals(2 * FLOOR, p.budgetNanos(), "the partner was away longer than any poll");
        for (int i = 0; i < 10; i++) {
            waitEnds(p, true, 1_000_000_000L);
        }
        assertEquals(FLOOR, p.budgetNanos());
    }

    @Test
    void waitsThatNeverBlockedOrFailedLeaveTheBudget() {
        RankPolling p = new RankPolling(new Connection[0], FLOOR, true, 65536);
        waitEnds(p, true, -1);
        waitEnds(p, false, 0);
        waitEnds(p, false, 1_000_000_000L);
        assertEquals(FLOOR, p.budgetNanos());
        waitEnds(p, true, 2 * FLOOR);
        assertEquals(FLOOR, p.budgetNanos(), "a block between one budget and the cap long teaches nothing");
    }

    @Test
    void aConfiguredBudgetAboveTheCapStaysPut() {
        long large = 2 * RankPolling.MAX_BUDGET_NANOS;
        RankPolling p = new RankPolling(new Connection[0], large, true, 65536);
        waitEnds(p, true, 0);
        assertEquals(large, p.budgetNanos());
        waitEnds(p, true, 10 * large);
        assertEquals(large, p.budgetNanos());
    }
}
