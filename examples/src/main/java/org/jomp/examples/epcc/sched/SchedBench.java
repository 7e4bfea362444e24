package org.jomp.examples.epcc.sched;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import org.jomp.examples.epcc.method.BenchmarkFailure;
import org.jomp.examples.epcc.method.Contestant;
import org.jomp.examples.epcc.method.Delay;
import org.jomp.examples.epcc.method.EpccMethod;
import org.jomp.examples.epcc.method.Kernel;
import org.jomp.examples.epcc.method.KernelCheck;
import org.jomp.examples.epcc.method.References;
import org.jomp.examples.epcc.report.Measurement;

/**
 * EPCC's schedbench: the overhead of a work-sharing loop of {@code itersPerThread * threads} delays under each
 * schedule, against the reference of {@code itersPerThread} delays on one thread (the loop's ideal time).
 */
public final class SchedBench {
    public static final String NAME = "schedbench";
    /**
     * Loops per participation check: in the first loop of a region a dynamic schedule may legitimately be drained by
     * the thread that arrives first, so the check looks at a few loops in a row.
     */
    private static final int PARTICIPATION_REPS = 4;

    /** Builds an implementation for a team size and a number of iterations per thread. */
    @FunctionalInterface
    public interface Factory {
        SchedImplementation create(int threads, int itersPerThread);
    }

    private final EpccMethod method;
    private final Delay delay;
    private final int itersPerThread;
    private final List<Factory> jomp;
    private final List<Factory> baselines;

    public SchedBench(EpccMethod method, Delay delay, int itersPerThread, List<Factory> jomp, List<Factory> baselines) {
        if (itersPerThread < 1) {
            throw new IllegalArgumentException("iterations per thread must be >= 1, got " + itersPerThread);
        }
        this.method = method;
        this.delay = delay;
        this.itersPerThread = itersPerThread;
        this.jomp = List.copyOf(jomp);
        this.baselines = List.copyOf(baselines);
    }

    public List<Measurement> run(int threads, List<ScheduleCase> cases, PrintStream log) {
        List<SchedImplementation> implementations = new ArrayList<>();
        try {
            for (Factory factory : jomp) {
                implementations.add(factory.create(threads, itersPerThread));
            }
            int firstBaseline = implementations.size();
            for (Factory factory : baselines) {
                implementations.add(factory.create(threads, itersPerThread));
            }
            List<Measurement> results = new ArrayList<>();
            for (ScheduleCase schedule : cases) {
                log.printf("%s schedule(%s), %d threads%n", NAME, schedule.label(), threads);
                results.addAll(round(schedule, threads, implementations, firstBaseline));
            }
            return results;
        } finally {
            implementations.forEach(SchedImplementation::close);
        }
    }

    private List<Measurement> round(ScheduleCase schedule, int threads, List<SchedImplementation> implementations,
                                    int firstBaseline) {
        Contestant reference = new Contestant("reference", References.loops(itersPerThread), delay);
        List<Contestant> contestants = new ArrayList<>(List.of(reference));
        List<SchedImplementation> entered = new ArrayList<>();
        List<Double> shares = new ArrayList<>();
        List<Measurement> failures = new ArrayList<>();
        for (int i = 0; i < implementations.size(); i++) {
            SchedImplementation impl = implementations.get(i);
            Optional<Kernel> kernel = impl.kernel(schedule);
            if (kernel.isEmpty()) {
                continue;
            }
            String name = impl.name() + " schedule(" + schedule.label() + ") on " + threads + " threads";
            try {
                int checkReps = 3;
                KernelCheck.verify(name, kernel.get(), delay, checkReps, (long) checkReps * itersPerThread * threads,
                        OptionalLong.empty());
                shares.add(KernelCheck.fullTeamShare(name, kernel.get(), delay, PARTICIPATION_REPS, threads));
                contestants.add(new Contestant(name, kernel.get(), delay));
                entered.add(impl);
            } catch (BenchmarkFailure e) {
                failures.add(Measurement.failed(NAME, schedule.epccName(), threads, impl.name(), impl.name(),
                        i >= firstBaseline, e.getMessage()));
            }
        }
        method.measure(contestants, 1);
        List<Measurement> results = new ArrayList<>();
        for (int k = 0; k < entered.size(); k++) {
            SchedImplementation impl = entered.get(k);
            Contestant c = contestants.get(k + 1);
            results.add(new Measurement(NAME, schedule.epccName(), threads, impl.name(),
                    impl.name() + " schedule(" + schedule.label() + ")", implementations.indexOf(impl) >= firstBaseline,
                    c.innerReps(), c.times(), reference.times(), shares.get(k), null));
        }
        results.addAll(failures);
        return results;
    }
}
