package org.jomp.examples.compare;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.function.Function;
import java.util.function.Supplier;

import org.jomp.msg.Comm;
import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.runtime.Omp;

/**
 * A {@link Workload} made of the calls to an example's variants: {@code input} makes a fresh input (the solvers that
 * work in place get a new copy before each run), and each variant returns its answer. The SPMD and hybrid variants,
 * added with {@link #with}, run on ranks that are threads of this JVM; rank 0's answer counts.
 *
 * @param <I> the input type
 */
public final class Kernel<I> implements Workload {
    @FunctionalInterface
    public interface Sequential<I> {
        Object run(I input) throws Exception;
    }

    @FunctionalInterface
    public interface Directive<I> {
        Object run(I input, int threads) throws Exception;
    }

    @FunctionalInterface
    public interface HandWritten<I> {
        Object run(I input, ExecutorService pool, int threads) throws Exception;
    }

    /** What every rank runs; the {@code //mpi} versions find their communicator themselves and ignore world. */
    @FunctionalInterface
    public interface RankProgram<I> {
        Object run(Comm world, I input) throws Exception;
    }

    private final String size;
    private final Supplier<I> input;
    private final Sequential<I> sequential;
    private final Directive<I> directive;
    private final HandWritten<I> handWritten;
    private final Map<Variant, RankProgram<I>> rankPrograms = new EnumMap<>(Variant.class);
    private final Function<Object, String> validation;
    private I current;
    private Object answer;

    public Kernel(String size, Supplier<I> input, Sequential<I> sequential, Directive<I> directive,
            HandWritten<I> handWritten) {
        this(size, input, sequential, directive, handWritten, answer -> null);
    }

    /** validation tells why an answer is wrong, or returns null when it passes. */
    public Kernel(String size, Supplier<I> input, Sequential<I> sequential, Directive<I> directive,
            HandWritten<I> handWritten, Function<Object, String> validation) {
        this.size = size;
        this.input = input;
        this.sequential = sequential;
        this.directive = directive;
        this.handWritten = handWritten;
        this.validation = validation;
    }

    /** Adds an SPMD or hybrid version. */
    public Kernel<I> with(Variant variant, RankProgram<I> program) {
        if (variant.mode() == Variant.Mode.SHARED_MEMORY) {
            throw new IllegalArgumentException(variant.label() + " is not an SPMD or hybrid version");
        }
        rankPrograms.put(variant, program);
        return this;
    }

    @Override
    public String size() {
        return size;
    }

    @Override
    public void reset() {
        current = input.get();
        answer = null;
    }

    @Override
    public void sequential() throws Exception {
        answer = sequential.run(current);
    }

    @Override
    public void directive(int threads) throws Exception {
        answer = directive.run(current, threads);
    }

    @Override
    public void handWritten(ExecutorService pool, int threads) throws Exception {
        answer = handWritten.run(current, pool, threads);
    }

    @Override
    public boolean has(Variant variant) {
        return Workload.super.has(variant) || rankPrograms.containsKey(variant);
    }

    @Override
    public void ranks(Variant variant, Layout layout) throws Exception {
        RankProgram<I> program = rankPrograms.get(variant);
        if (program == null) {
            Workload.super.ranks(variant, layout);
            return;
        }
        Object[] rootAnswer = new Object[1];
        I in = current;
        EmbeddedLauncher.run(layout.ranks(), world -> {
            Omp.setNumThreads(layout.threads());
            Object mine = program.run(world, in);
            if (world.rank() == 0) {
                rootAnswer[0] = mine;
            }
        });
        answer = rootAnswer[0];
    }

    @Override
    public Object answer() {
        return answer;
    }

    @Override
    public String invalid(Object answer) {
        return validation.apply(answer);
    }

    @Override
    public String mismatch(Object sequentialAnswer, Object actual) {
        return Answers.mismatch(sequentialAnswer, actual);
    }
}
