package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The idle budget's decisions, driven with made-up outcomes and measurements: no clock, no threads. The
 * scenarios are the ones measured on the development machine: waits that end while spinning (a quiet machine),
 * waits that park whatever the spin (a loaded one), and a load that comes and goes.
 */
class IdleBudgetTest {

    private static final long US = 1_000L;
    private static final long LIMIT = WaitPolicy.DEFAULT.idleNanos;

    /** A budget driven into park mode by waits that all parked. */
    private static IdleBudget inParkMode() {
        IdleBudget b = new IdleBudget(WaitPolicy.DEFAULT);
        while (b.budget() != 0L) {
            b.parked();
        }
        return b;
    }

    @Test
    void startsAtThePolicyLimit() {
        IdleBudget b = new IdleBudget(WaitPolicy.DEFAULT);
        assertEquals(LIMIT, b.budget());
        assertEquals(WaitPolicy.DEFAULT.spinNanos, b.spinNanos(Long.MAX_VALUE));
        assertEquals(2 * US, b.spinNanos(2 * US));
    }

    @Test
    void waitsThatEndWhileSpinningKeepTheLimit() {
        IdleBudget b = new IdleBudget(WaitPolicy.DEFAULT);
        for (int i = 0; i < 1000; i++) {
            b.spun();
        }
        assertEquals(LIMIT, b.budget());
    }

    @Test
    void failedSpinsHalveTheBudgetThenReachParkMode() {
        IdleBudget b = new IdleBudget(WaitPolicy.DEFAULT);
        long expected = LIMIT;
        int waits = 0;
        while (b.budget() != 0L) {
            assertEquals(expected, b.budget());
            b.parked();
            waits++;
            expected = expected / 2 < IdleBudget.MIN_SPIN_NANOS ? 0L : expected / 2;
        }
        // 50 -> 25 -> 12.5 -> 6.25 -> 0 us: a loaded machine stops paying for spins after four waits.
        assertEquals(4, waits);
    }

    @Test
    void parkModeProbesEveryGapWaitsWithTwoWakeUps() {
        IdleBudget b = inParkMode();
        for (int i = 0; i < 8; i++) {
            b.wokeAfter(8 * US);
        }
        int waits = 0;
        while (b.budget() == 0L) {
            b.parked();
            waits++;
        }
        assertTrue(waits <= IdleBudget.MIN_GAP, waits + " waits before the first probe");
        assertEquals(Math.max(IdleBudget.MIN_PROBE_NANOS, 2 * b.wakeNanos()), b.budget());
    }

    @Test
    void aProbeThatSucceedsLeavesParkModeAndGrows() {
        IdleBudget b = inParkMode();
        while (b.budget() == 0L) {
            b.parked();
        }
        long probe = b.budget();
        b.spun();
        assertEquals(Math.min(LIMIT, 2 * probe), b.budget());
        int waits = 0;
        while (b.budget() < LIMIT) {
            b.spun();
            waits++;
        }
        assertTrue(waits <= 2, waits + " more spins to the limit");
    }

    @Test
    void failedProbesSpaceOutUpToTheMaximumGap() {
        IdleBudget b = inParkMode();
        int probes = 0;
        int waits = 0;
        int lastGapWaits = 0;
        int sinceProbe = 0;
        while (probes < 20) {
            boolean probe = b.budget() != 0L;
            b.parked();
            waits++;
            sinceProbe++;
            if (probe) {
                probes++;
                lastGapWaits = sinceProbe;
                sinceProbe = 0;
            }
        }
        assertEquals(IdleBudget.MAX_GAP, b.gap());
        // The share of waits that spin on a machine where spinning never pays: 20 probes in thousands of waits.
        assertTrue(waits > 10 * IdleBudget.MAX_GAP, waits + " waits for 20 probes");
        assertEquals(IdleBudget.MAX_GAP, lastGapWaits, "one wait in MAX_GAP probes");
    }

    @Test
    void aMachineWhoseLoadIsGoneRecoversWithinTheMaximumGap() {
        IdleBudget b = inParkMode();
        for (int i = 0; i < 5000; i++) {
            b.parked();
        }
        int waits = 0;
        // From now on every wait that spins ends while spinning; the others still park.
        while (b.budget() < LIMIT) {
            if (b.budget() != 0L) {
                b.spun();
            } else {
                b.parked();
            }
            waits++;
        }
        assertTrue(waits <= IdleBudget.MAX_GAP + 3, waits + " waits to recover");
        assertEquals(IdleBudget.MIN_GAP, b.gap());
    }

    @Test
    void aWaitThatEndedWhileYieldingLeavesTheBudgetAlone() {
        IdleBudget b = new IdleBudget(WaitPolicy.DEFAULT);
        b.parked();
        long before = b.budget();
        b.yielded();
        assertEquals(before, b.budget());
    }

    @Test
    void wakeUpsAreAMovingAverageOfCutSamples() {
        IdleBudget b = new IdleBudget(WaitPolicy.DEFAULT);
        b.wokeAfter(18 * US);
        assertEquals(IdleBudget.INITIAL_WAKE_NANOS + (18 * US - IdleBudget.INITIAL_WAKE_NANOS) / 4, b.wakeNanos());
        for (int i = 0; i < 60; i++) {
            b.wokeAfter(5_000 * US);
        }
        assertEquals(IdleBudget.MAX_WAKE_SAMPLE_NANOS, b.wakeNanos(), 4);
        // A probe never spins longer than the policy allows.
        assertEquals(LIMIT, b.probeNanos());
    }

    @Test
    void passiveParksAtOnceWhateverHappens() {
        IdleBudget b = new IdleBudget(WaitPolicy.PASSIVE);
        for (int i = 0; i < 100; i++) {
            b.wokeAfter(20 * US);
            b.parked();
            b.spun();
            b.yielded();
            assertEquals(0L, b.budget());
        }
        assertEquals(0L, b.spinNanos(Long.MAX_VALUE));
    }

    @Test
    void activeKeepsItsLongBudgetThroughIdlePhases() {
        IdleBudget b = new IdleBudget(WaitPolicy.ACTIVE);
        for (int i = 0; i < 100; i++) {
            b.parked();
        }
        assertEquals(WaitPolicy.ACTIVE.idleNanos, b.budget());
        assertEquals(WaitPolicy.ACTIVE.spinNanos, b.spinNanos(Long.MAX_VALUE));
    }
}
