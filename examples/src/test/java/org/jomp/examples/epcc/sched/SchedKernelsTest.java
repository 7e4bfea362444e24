package org.jomp.examples.epcc.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.jomp.examples.epcc.baseline.TeamSched;
import org.jomp.examples.epcc.directive.DirectiveSched;
import org.jomp.examples.epcc.jomp.JompApiSched;
import org.jomp.examples.epcc.method.CountingWork;
import org.jomp.examples.epcc.method.Delay;
import org.jomp.examples.epcc.method.Kernel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every schedbench kernel runs each loop's iterations, for every schedule and chunk size. */
class SchedKernelsTest {
    private static final Delay DELAY = new Delay(10);
    private static final int ITERS_PER_THREAD = 37;

    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {1, 2, 3})
    void everyScheduleRunsEveryIteration(int threads) throws Throwable {
        List<SchedBench.Factory> factories = List.of(JompApiSched::new, DirectiveSched::new, TeamSched::phaser,
                TeamSched::executorBarrier);
        for (SchedBench.Factory factory : factories) {
            try (SchedImplementation impl = factory.create(threads, ITERS_PER_THREAD)) {
                for (ScheduleCase schedule : ScheduleCase.all(64)) {
                    Kernel kernel = impl.kernel(schedule).orElseThrow();
                    CountingWork work = new CountingWork(DELAY);
                    kernel.run(4, work);
                    assertEquals(4L * ITERS_PER_THREAD * threads, work.calls(),
                            impl.name() + " schedule(" + schedule.label() + ") on " + threads + " threads");
                }
            }
        }
    }

    @Test
    void casesCoverStaticThenEveryPowerOfTwoChunk() {
        List<ScheduleCase> cases = ScheduleCase.all(128);
        assertEquals(1 + 3 * 8, cases.size());
        assertEquals("STATIC", cases.get(0).epccName());
        assertEquals("STATIC_1", cases.get(1).epccName());
        assertEquals("GUIDED_128", cases.get(cases.size() - 1).epccName());
    }

    @Test
    void chunkIsRequiredExactlyWhenTheScheduleTakesOne() {
        assertThrows(IllegalArgumentException.class, () -> new ScheduleCase(ScheduleCase.Kind.DYNAMIC_N, 0));
        assertThrows(IllegalArgumentException.class, () -> new ScheduleCase(ScheduleCase.Kind.STATIC, 4));
    }
}
