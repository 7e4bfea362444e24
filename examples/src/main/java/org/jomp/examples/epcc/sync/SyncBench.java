package org.jomp.examples.epcc.sync;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;

import org.jomp.examples.epcc.method.BenchmarkFailure;
import org.jomp.examples.epcc.method.Contestant;
import org.jomp.examples.epcc.method.Delay;
import org.jomp.examples.epcc.method.EpccMethod;
import org.jomp.examples.epcc.method.Kernel;
import org.jomp.examples.epcc.method.KernelCheck;
import org.jomp.examples.epcc.method.References;
import org.jomp.examples.epcc.report.Measurement;

/**
 * EPCC's syncbench: for each construct, checks then times every implementation that has it, JOMP's and the
 * hand-written baselines, interleaved with the construct's reference test (see {@link EpccMethod}).
 */
public final class SyncBench {
    public static final String NAME = "syncbench";

    private final EpccMethod method;
    private final Delay delay;
    private final List<IntFunction<SyncImplementation>> jomp;
    private final List<IntFunction<SyncImplementation>> baselines;

    public SyncBench(EpccMethod method, Delay delay, List<IntFunction<SyncImplementation>> jomp,
                     List<IntFunction<SyncImplementation>> baselines) {
        this.method = method;
        this.delay = delay;
        this.jomp = List.copyOf(jomp);
        this.baselines = List.copyOf(baselines);
    }

    public List<Measurement> run(int threads, List<SyncConstruct> constructs, PrintStream log) {
        List<SyncImplementation> implementations = new ArrayList<>();
        try {
            for (IntFunction<SyncImplementation> factory : jomp) {
                implementations.add(factory.apply(threads));
            }
            int firstBaseline = implementations.size();
            for (IntFunction<SyncImplementation> factory : baselines) {
                implementations.add(factory.apply(threads));
            }
            List<Measurement> results = new ArrayList<>();
            for (SyncConstruct construct : constructs) {
                log.printf("%s %s, %d threads%n", NAME, construct.label(), threads);
                results.addAll(round(construct, threads, implementations, firstBaseline));
            }
            return results;
        } finally {
            implementations.forEach(SyncImplementation::close);
        }
    }

    private List<Measurement> round(SyncConstruct construct, int threads, List<SyncImplementation> implementations,
                                    int firstBaseline) {
        int minReps = construct.minInnerReps(threads);
        Kernel referenceKernel = construct.referenceIsPlainUpdate() ? References::plainUpdates : References::delays;
        Contestant reference = new Contestant("reference", referenceKernel, delay);
        List<Contestant> contestants = new ArrayList<>(List.of(reference));
        List<Measurement> failures = new ArrayList<>();
        List<SyncImplementation> entered = new ArrayList<>();
        List<Double> shares = new ArrayList<>();
        for (int i = 0; i < implementations.size(); i++) {
            SyncImplementation impl = implementations.get(i);
            Optional<Kernel> kernel = impl.kernel(construct);
            if (kernel.isEmpty()) {
                continue;
            }
            String name = impl.name() + " " + construct.label() + " on " + threads + " threads";
            try {
                int checkReps = 8 * minReps;
                KernelCheck.verify(name, kernel.get(), delay, checkReps,
                        construct.expectedWorkCalls(checkReps, threads), construct.expectedResult(checkReps, threads));
                shares.add(construct.allThreadsWork()
                        ? KernelCheck.fullTeamShare(name, kernel.get(), delay, minReps, threads) : Double.NaN);
                contestants.add(new Contestant(name, kernel.get(), delay));
                entered.add(impl);
            } catch (BenchmarkFailure e) {
                failures.add(Measurement.failed(NAME, construct.epccName(), threads, impl.name(),
                        impl.mechanism(construct), i >= firstBaseline, e.getMessage()));
            }
        }
        method.measure(contestants, minReps);
        List<Measurement> results = new ArrayList<>();
        for (int k = 0; k < entered.size(); k++) {
            SyncImplementation impl = entered.get(k);
            Contestant c = contestants.get(k + 1);
            results.add(new Measurement(NAME, construct.epccName(), threads, impl.name(), impl.mechanism(construct),
                    implementations.indexOf(impl) >= firstBaseline, c.innerReps(), c.times(), reference.times(),
                    shares.get(k), null));
        }
        results.addAll(failures);
        return results;
    }
}
