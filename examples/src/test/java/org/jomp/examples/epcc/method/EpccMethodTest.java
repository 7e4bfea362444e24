package org.jomp.examples.epcc.method;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;

class EpccMethodTest {
    private static final Delay DELAY = new Delay(100);

    @Test
    void innerRepetitionsGrowUntilATestTakesTheTargetTime() {
        EpccMethod method = new EpccMethod(3, 200, 0);
        Contestant slow = new Contestant("sleep", (reps, work) -> {
            long end = System.nanoTime() + reps * 50_000L;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            return 0;
        }, DELAY);
        method.measure(List.of(slow), 1);
        // 50 us per repetition: 4 repetitions always reach 200 us, so the doubling stops at 4 at the latest (earlier
        // only if every try at a smaller count was stretched by descheduling)
        assertTrue(slow.innerReps() <= 4 && Integer.bitCount(slow.innerReps()) == 1, "inner reps " + slow.innerReps());
        assertEquals(3, slow.times().values().length);
        assertTrue(slow.times().min() >= 50, "per-repetition time " + slow.times().min());
    }

    @Test
    void backToBackTimingMeasuresEveryContestant() {
        EpccMethod method = new EpccMethod(4, 20, 0, false);
        Contestant a = new Contestant("a", References::delays, DELAY);
        Contestant b = new Contestant("b", References::delays, DELAY);
        method.measure(List.of(a, b), 1);
        assertEquals(4, a.times().values().length);
        assertEquals(4, b.times().values().length);
        assertTrue(a.times().min() > 0 && b.times().min() > 0);
    }

    @Test
    void innerRepetitionsStartAtTheGivenMinimum() {
        EpccMethod method = new EpccMethod(2, 1, 0);
        Contestant c = new Contestant("delays", References::delays, DELAY);
        method.measure(List.of(c), 6);
        assertEquals(0, c.innerReps() % 6, "inner repetitions " + c.innerReps());
    }

    @Test
    void aKernelThatTakesNoTimeIsReportedAsOptimisedAway() {
        EpccMethod method = new EpccMethod(2, 1e9, 0);
        Contestant empty = new Contestant("empty", (reps, work) -> 0, DELAY);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> method.measure(List.of(empty), 1));
        assertTrue(e.getMessage().contains("empty"), e.getMessage());
    }

    @Test
    void aThrowingKernelFailsWithItsName() {
        EpccMethod method = new EpccMethod(2, 10, 0);
        Contestant broken = new Contestant("broken-kernel", (reps, work) -> {
            throw new IllegalStateException("boom");
        }, DELAY);
        BenchmarkFailure e = assertThrows(BenchmarkFailure.class, () -> method.measure(List.of(broken), 1));
        assertTrue(e.getMessage().contains("broken-kernel"), e.getMessage());
    }

    @Test
    void checkRejectsAKernelThatSkipsWorkOrComputesTheWrongValue() {
        Kernel halfDone = (reps, work) -> {
            for (int j = 0; j < reps / 2; j++) {
                work.run();
            }
            return reps;
        };
        assertThrows(BenchmarkFailure.class,
                () -> KernelCheck.verify("half", halfDone, DELAY, 10, 10, OptionalLong.empty()));
        Kernel wrongSum = (reps, work) -> {
            References.delays(reps, work);
            return reps + 1;
        };
        assertThrows(BenchmarkFailure.class,
                () -> KernelCheck.verify("sum", wrongSum, DELAY, 10, 10, OptionalLong.of(10)));
        KernelCheck.verify("right", (reps, work) -> {
            References.delays(reps, work);
            return reps;
        }, DELAY, 10, 10, OptionalLong.of(10));
    }

    @Test
    void participationSeesAKernelThatRunsOnTheCallerAlone() {
        Kernel callerOnly = References::delays;
        assertEquals(0.0, KernelCheck.fullTeamShare("caller", callerOnly, DELAY, 4, 2));
        assertEquals(1.0, KernelCheck.fullTeamShare("caller", callerOnly, DELAY, 4, 1));
    }

    @Test
    void calibratedDelayIsLongerForALongerTarget() {
        assertTrue(Delay.calibrate(5.0).length() > Delay.calibrate(0.05).length());
        assertThrows(IllegalArgumentException.class, () -> Delay.calibrate(0));
    }
}
