package org.jomp.examples.epcc.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import org.jomp.examples.epcc.baseline.ForkJoinSync;
import org.jomp.examples.epcc.baseline.ParallelStreamSync;
import org.jomp.examples.epcc.baseline.TeamSync;
import org.jomp.examples.epcc.directive.DirectiveSync;
import org.jomp.examples.epcc.jomp.JompApiSync;
import org.jomp.examples.epcc.method.CountingWork;
import org.jomp.examples.epcc.method.Delay;
import org.jomp.examples.epcc.method.Kernel;
import org.jomp.examples.epcc.method.KernelCheck;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every syncbench kernel of every implementation computes what its EPCC test prescribes (no timing involved). */
class SyncKernelsTest {
    private static final Delay DELAY = new Delay(50);

    static Stream<Arguments> implementations() {
        List<Arguments> list = new ArrayList<>();
        List<IntFunction<SyncImplementation>> factories = List.of(JompApiSync::new, DirectiveSync::new,
                TeamSync::executorBarrier, TeamSync::phaser, ForkJoinSync::new, ParallelStreamSync::new);
        for (IntFunction<SyncImplementation> factory : factories) {
            for (int threads : new int[] {1, 2, 3}) {
                list.add(Arguments.of(factory, threads));
            }
        }
        return list.stream();
    }

    @ParameterizedTest(name = "{index}: {1} threads")
    @MethodSource("implementations")
    void everyKernelDoesItsWorkAndComputesItsResult(IntFunction<SyncImplementation> factory, int threads) {
        try (SyncImplementation impl = factory.apply(threads)) {
            for (SyncConstruct construct : SyncConstruct.values()) {
                Optional<Kernel> kernel = impl.kernel(construct);
                if (kernel.isEmpty()) {
                    continue;
                }
                int reps = 5 * construct.minInnerReps(threads);
                KernelCheck.verify(impl.name() + " " + construct, kernel.get(), DELAY, reps,
                        construct.expectedWorkCalls(reps, threads), construct.expectedResult(reps, threads));
            }
        }
    }

    @ParameterizedTest(name = "{index}: {1} threads")
    @MethodSource("implementations")
    void persistentTeamsRunRegionsOnEveryThread(IntFunction<SyncImplementation> factory, int threads) throws Throwable {
        try (SyncImplementation impl = factory.apply(threads)) {
            if (impl instanceof ForkJoinSync || impl instanceof ParallelStreamSync) {
                return;
            }
            CountingWork work = new CountingWork(DELAY);
            impl.kernel(SyncConstruct.BARRIER).orElseThrow().run(20, work);
            assertEquals(threads, work.distinctThreads(), impl.name() + ": threads that ran the BARRIER test");
        }
    }

    @ParameterizedTest(name = "{index}: {1} threads")
    @MethodSource("implementations")
    void orderedRunsIterationsInSequence(IntFunction<SyncImplementation> factory, int threads) throws Throwable {
        try (SyncImplementation impl = factory.apply(threads)) {
            Optional<Kernel> ordered = impl.kernel(SyncConstruct.ORDERED);
            if (ordered.isPresent()) {
                long inOrder = ordered.get().run(60, new CountingWork(DELAY));
                assertEquals(60, inOrder, impl.name() + ": iterations that reached the ordered block in sequence");
            }
        }
    }

    @ParameterizedTest(name = "{index}: {1} threads")
    @MethodSource("implementations")
    void reductionSumsOnePerThreadPerRegion(IntFunction<SyncImplementation> factory, int threads) throws Throwable {
        try (SyncImplementation impl = factory.apply(threads)) {
            Optional<Kernel> reduction = impl.kernel(SyncConstruct.REDUCTION);
            assertTrue(reduction.isPresent(), impl.name() + " has a REDUCTION kernel");
            assertEquals(7L * threads, reduction.get().run(7, new CountingWork(DELAY)));
        }
    }
}
