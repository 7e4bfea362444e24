package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Backoff}'s wait phases and what it reports to its budget, on a clock the test moves by hand: spin, then
 * park once the budget is spent (yield in between only for a team larger than the machine); a parked wait
 * measures the wake-up its waker stamped.
 */
class BackoffTest {

    private static final long US = 1_000L;

    private long now = 1_000_000 * US;
    private final Backoff backoff = new Backoff(() -> now);

    @AfterEach
    void restorePolicy() {
        Env.currentWaitPolicy(Env.global().waitPolicy());
    }

    /** Idle steps, the clock moving {@code stepNanos} per step, until the backoff says park; returns the steps. */
    private int idleUntilPark(long stepNanos) {
        int steps = 0;
        while (!backoff.idle()) {
            now += stepNanos;
            steps++;
            assertTrue(steps < 10_000_000, "never parked");
        }
        return steps;
    }

    /** One wait that parks and is woken {@code wakeNanos} after its waker's stamp. */
    private void parkedWait(long wakeNanos) {
        backoff.begin(2);
        idleUntilPark(10);
        now += 100 * US;
        backoff.stampWake();
        now += wakeNanos;
        backoff.end();
    }

    @Test
    void spinsThenParksWhenTheBudgetIsSpent() {
        Env.currentWaitPolicy(WaitPolicy.DEFAULT);
        backoff.begin(2);
        long begun = now;
        idleUntilPark(10);
        long waited = now - begun;
        // The clock starts at the 128th spin, so the wait lasts the budget plus those first spins.
        assertTrue(waited >= WaitPolicy.DEFAULT.idleNanos, "parked after " + waited);
        assertTrue(waited <= WaitPolicy.DEFAULT.idleNanos + 3 * US, "parked after " + waited);
        // Once parked, every further idle step says park again (a wake-up that found its condition still false).
        assertTrue(backoff.idle());
        backoff.end();
        assertEquals(WaitPolicy.DEFAULT.idleNanos / 2, backoff.budgetNanos());
    }

    @Test
    void shortWaitsKeepTheBudget() {
        Env.currentWaitPolicy(WaitPolicy.DEFAULT);
        for (int i = 0; i < 100; i++) {
            backoff.begin(2);
            for (int s = 0; s < 50; s++) {
                assertFalse(backoff.idle());
            }
            backoff.end();
        }
        assertEquals(WaitPolicy.DEFAULT.idleNanos, backoff.budgetNanos());
    }

    @Test
    void aParkedWaitMeasuresTheWakeUpItsWakerStamped() {
        Env.currentWaitPolicy(WaitPolicy.DEFAULT);
        parkedWait(18 * US);
        // One sample of 18 us moves the average a quarter of the way from the initial 10 us.
        assertEquals(IdleBudget.INITIAL_WAKE_NANOS + (18 * US - IdleBudget.INITIAL_WAKE_NANOS) / 4,
                backoff.wakeNanos());
    }

    @Test
    void aStampFromBeforeTheParkIsNotAWakeUp() {
        Env.currentWaitPolicy(WaitPolicy.DEFAULT);
        backoff.stampWake();
        now += 5 * US;
        backoff.begin(2);
        idleUntilPark(10);
        now += 500 * US;
        backoff.end();
        assertEquals(IdleBudget.INITIAL_WAKE_NANOS, backoff.wakeNanos(), "a stale stamp was taken as a wake-up");
    }

    @Test
    void inParkModeAWaitParksAtTheFirstIdleStepThenProbes() {
        Env.currentWaitPolicy(WaitPolicy.DEFAULT);
        while (backoff.budgetNanos() != 0L) {
            parkedWait(5 * US);
        }
        backoff.begin(2);
        assertTrue(backoff.idle(), "park mode spun");
        backoff.end();
        while (backoff.budgetNanos() == 0L) {
            parkedWait(5 * US);
        }
        // The probe: spins for two measured wake-ups (at least the shortest probe), then parks.
        long probe = backoff.budgetNanos();
        assertEquals(Math.max(IdleBudget.MIN_PROBE_NANOS, 2 * backoff.wakeNanos()), probe);
        backoff.begin(2);
        long begun = now;
        idleUntilPark(10);
        assertTrue(now - begun >= probe, "the probe parked after " + (now - begun) + " ns");
        backoff.end();
    }

    @Test
    void aTeamLargerThanTheMachineYieldsAfterAShortSpin() {
        Env.currentWaitPolicy(WaitPolicy.DEFAULT);
        backoff.begin(Env.NUM_PROCS + 1);
        long begun = now;
        int steps = 0;
        while (!backoff.idle()) {
            now += 10;
            steps++;
        }
        // 2 us of spins at 10 ns a step is about 200 steps, and the rest of the 50 us budget is yield steps.
        assertTrue(now - begun >= WaitPolicy.DEFAULT.idleNanos, "parked after " + (now - begun));
        assertTrue(steps > 1000, steps + " steps");
        backoff.end();
    }

    @Test
    void passiveParksAtTheFirstIdleStep() {
        Env.currentWaitPolicy(WaitPolicy.PASSIVE);
        backoff.begin(2);
        assertTrue(backoff.idle());
        backoff.end();
    }

    @Test
    void anInterruptClearedForTheParkIsGivenBack() {
        Env.currentWaitPolicy(WaitPolicy.PASSIVE);
        Thread.currentThread().interrupt();
        backoff.begin(2);
        assertTrue(backoff.idle());
        assertFalse(Thread.currentThread().isInterrupted(), "a pending interrupt would make the park return at once");
        backoff.end();
        assertTrue(Thread.interrupted());
    }

    @Test
    void aWaitSpinsThroughATeamMatesWakeUpBeforeItSpendsItsBudget() {
        Env.currentWaitPolicy(WaitPolicy.DEFAULT);
        backoff.begin(2);
        long begun = now;
        while (now - begun < 40 * US) {
            assertFalse(backoff.idle(true), "parked while the team-mate woke, after " + (now - begun) + " ns");
            now += 10;
        }
        long awake = now;
        idleUntilPark(10);
        assertTrue(now - awake >= WaitPolicy.DEFAULT.idleNanos, "the budget was spent on the wake-up");
        backoff.end();
    }

    @Test
    void aTeamMateParkedLongerThanAWakeUpIsOutwaitedOnlyThatLong() {
        Env.currentWaitPolicy(WaitPolicy.DEFAULT);
        backoff.begin(2);
        long begun = now;
        while (!backoff.idle(true)) {
            now += 10;
        }
        long waited = now - begun;
        // As long again as the budget, the default policy's 50 us, then the budget itself.
        long most = WaitPolicy.DEFAULT.spinNanos + WaitPolicy.DEFAULT.idleNanos;
        assertTrue(waited >= most, "parked after " + waited);
        assertTrue(waited <= most + 5 * US, "parked after " + waited);
        // Parked once, the wait does not outwait again.
        assertTrue(backoff.idle(true));
        backoff.end();
    }

    @Test
    void aBudgetCutByLoadCutsTheOutwaitToo() {
        Env.currentWaitPolicy(WaitPolicy.DEFAULT);
        parkedWait(5 * US);
        long budget = backoff.budgetNanos();
        assertTrue(budget < WaitPolicy.DEFAULT.idleNanos, "a wait that spun and parked left the budget at " + budget);
        backoff.begin(2);
        long begun = now;
        while (!backoff.idle(true)) {
            now += 10;
        }
        assertTrue(now - begun >= 2 * budget, "parked after " + (now - begun));
        assertTrue(now - begun <= 2 * budget + 5 * US, "parked after " + (now - begun));
        backoff.end();
    }

    @Test
    void parkModePassiveAndTeamsLargerThanTheMachineDoNotOutwaitAWakeUp() {
        Env.currentWaitPolicy(WaitPolicy.DEFAULT);
        while (backoff.budgetNanos() != 0L) {
            parkedWait(5 * US);
        }
        backoff.begin(2);
        assertTrue(backoff.idle(true), "park mode spun");
        backoff.end();

        Env.currentWaitPolicy(WaitPolicy.PASSIVE);
        Backoff passive = new Backoff(() -> now);
        passive.begin(2);
        assertTrue(passive.idle(true), "passive spun");
        passive.end();

        Env.currentWaitPolicy(WaitPolicy.DEFAULT);
        Backoff fresh = new Backoff(() -> now);
        fresh.begin(Env.NUM_PROCS + 1);
        long begun = now;
        while (!fresh.idle(true)) {
            now += 10;
        }
        // Only the budget's short spin and yields: the team-mate may need this very core.
        assertTrue(now - begun <= WaitPolicy.DEFAULT.idleNanos + 5 * US, "parked after " + (now - begun));
        fresh.end();
    }
}
