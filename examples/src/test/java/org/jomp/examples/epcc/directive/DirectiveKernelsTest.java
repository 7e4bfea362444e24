package org.jomp.examples.epcc.directive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jomp.examples.epcc.jomp.JompApiSched;
import org.jomp.examples.epcc.jomp.JompApiSync;
import org.jomp.examples.epcc.method.CountingWork;
import org.jomp.examples.epcc.method.Delay;
import org.jomp.examples.epcc.method.Kernel;
import org.jomp.examples.epcc.sched.ScheduleCase;
import org.jomp.examples.epcc.sync.SyncConstruct;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The translated {@code //omp} kernels compute what the hand-written API kernels compute: the same result, the
 * same number of delays, and, where every thread must take part, on every thread of the team (a sign that the
 * directives were translated at all: compiled as plain Java, they would run on one thread).
 */
class DirectiveKernelsTest {
    private static final Delay DELAY = new Delay(20);
    private static final int ITERS_PER_THREAD = 13;

    private static CountingWork run(Kernel kernel, int reps, long[] result) throws Throwable {
        CountingWork work = new CountingWork(DELAY);
        result[0] = kernel.run(reps, work);
        return work;
    }

    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {1, 2, 4})
    void syncKernelsMatchTheApiKernels(int threads) throws Throwable {
        try (JompApiSync api = new JompApiSync(threads); DirectiveSync directive = new DirectiveSync(threads)) {
            for (SyncConstruct construct : SyncConstruct.values()) {
                int reps = 6 * construct.minInnerReps(threads);
                long[] apiResult = new long[1];
                long[] directiveResult = new long[1];
                CountingWork apiWork = run(api.kernel(construct).orElseThrow(), reps, apiResult);
                CountingWork directiveWork = run(directive.kernel(construct).orElseThrow(), reps, directiveResult);
                String what = construct + " on " + threads + " threads";
                assertEquals(apiResult[0], directiveResult[0], what + ": result");
                assertEquals(construct.expectedResult(reps, threads).orElse(0), directiveResult[0], what + ": result");
                assertEquals(apiWork.calls(), directiveWork.calls(), what + ": delays run");
                assertEquals(construct.expectedWorkCalls(reps, threads), directiveWork.calls(), what + ": delays run");
                if (construct.allThreadsWork()) {
                    assertEquals(threads, directiveWork.distinctThreads(), what + ": threads that ran delays");
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {1, 2, 4})
    void schedKernelsMatchTheApiKernels(int threads) throws Throwable {
        try (JompApiSched api = new JompApiSched(threads, ITERS_PER_THREAD);
                DirectiveSched directive = new DirectiveSched(threads, ITERS_PER_THREAD)) {
            for (ScheduleCase schedule : ScheduleCase.all(16)) {
                long[] ignored = new long[1];
                CountingWork apiWork = run(api.kernel(schedule).orElseThrow(), 3, ignored);
                CountingWork directiveWork = run(directive.kernel(schedule).orElseThrow(), 3, ignored);
                String what = "schedule(" + schedule.label() + ") on " + threads + " threads";
                assertEquals(3L * ITERS_PER_THREAD * threads, directiveWork.calls(), what + ": delays run");
                assertEquals(apiWork.calls(), directiveWork.calls(), what + ": delays run");
                if (schedule.kind() == ScheduleCase.Kind.STATIC || schedule.kind() == ScheduleCase.Kind.STATIC_N) {
                    // Static schedules give every thread iterations: 13 per thread, chunks of at most 16.
                    int expected = schedule.kind() == ScheduleCase.Kind.STATIC
                            ? threads : (int) Math.min(threads, (ITERS_PER_THREAD * threads + schedule.chunk() - 1)
                                    / schedule.chunk());
                    assertEquals(expected, directiveWork.distinctThreads(), what + ": threads that ran delays");
                }
            }
        }
    }
}
