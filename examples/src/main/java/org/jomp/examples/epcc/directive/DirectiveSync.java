package org.jomp.examples.epcc.directive;

import java.util.Optional;

import org.jomp.examples.epcc.method.Kernel;
import org.jomp.examples.epcc.method.Work;
import org.jomp.examples.epcc.sync.SyncConstruct;
import org.jomp.examples.epcc.sync.SyncImplementation;
import org.jomp.runtime.Lock;

/**
 * syncbench written with {@code //omp} directives, as EPCC's syncbench.c writes it with {@code #pragma omp}, and
 * translated by jomp-maven-plugin when the examples module is built. Measured beside {@code jomp-api} (the same
 * kernels written against the runtime API by hand), it shows what the translator's output costs over hand-called
 * API code. Compiled without the translator, every kernel runs sequentially.
 */
public final class DirectiveSync implements SyncImplementation {
    private final int threads;

    public DirectiveSync(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        this.threads = threads;
    }

    @Override
    public String name() {
        return "jomp-directive";
    }

    @Override
    public Optional<Kernel> kernel(SyncConstruct construct) {
        return Optional.of(switch (construct) {
            case PARALLEL -> this::parallel;
            case FOR -> this::forLoop;
            case PARALLEL_FOR -> this::parallelFor;
            case BARRIER -> this::barrier;
            case SINGLE -> this::single;
            case CRITICAL -> this::critical;
            case LOCK -> this::lock;
            case ORDERED -> this::ordered;
            case ATOMIC -> this::atomic;
            case REDUCTION -> this::reduction;
        });
    }

    @Override
    public String mechanism(SyncConstruct construct) {
        return "//omp directives translated by jomp-maven-plugin";
    }

    @Override
    public void close() {
        // The runtime's pools belong to the calling thread and outlive this object.
    }

    private long parallel(int innerReps, Work work) {
        for (int j = 0; j < innerReps; j++) {
            //omp parallel num_threads(threads)
            {
                work.run();
            }
        }
        return 0;
    }

    private long forLoop(int innerReps, Work work) {
        //omp parallel num_threads(threads)
        {
            for (int j = 0; j < innerReps; j++) {
                //omp for
                for (int i = 0; i < threads; i++) {
                    work.run();
                }
            }
        }
        return 0;
    }

    private long parallelFor(int innerReps, Work work) {
        for (int j = 0; j < innerReps; j++) {
            //omp parallel for num_threads(threads)
            for (int i = 0; i < threads; i++) {
                work.run();
            }
        }
        return 0;
    }

    private long barrier(int innerReps, Work work) {
        //omp parallel num_threads(threads)
        {
            for (int j = 0; j < innerReps; j++) {
                work.run();
                //omp barrier
            }
        }
        return 0;
    }

    private long single(int innerReps, Work work) {
        //omp parallel num_threads(threads)
        {
            for (int j = 0; j < innerReps; j++) {
                //omp single
                work.run();
            }
        }
        return 0;
    }

    private long critical(int innerReps, Work work) {
        //omp parallel num_threads(threads)
        {
            for (int j = 0; j < innerReps / threads; j++) {
                //omp critical
                work.run();
            }
        }
        return 0;
    }

    /** OpenMP's locks are API calls in C too (omp_set_lock); here the runtime's {@link Lock}. */
    private long lock(int innerReps, Work work) {
        Lock lock = new Lock();
        //omp parallel num_threads(threads)
        {
            for (int j = 0; j < innerReps / threads; j++) {
                lock.set();
                work.run();
                lock.unset();
            }
        }
        return 0;
    }

    /** Also counts the iterations that reach the ordered block in sequence, which the check compares with innerReps. */
    private long ordered(int innerReps, Work work) {
        long inOrder = 0;
        //omp parallel for num_threads(threads) schedule(static, 1) ordered
        for (int j = 0; j < innerReps; j++) {
            //omp ordered
            {
                if (inOrder == j) {
                    inOrder++;
                }
                work.run();
            }
        }
        return inOrder;
    }

    private long atomic(int innerReps, Work work) {
        long aaaa = 0;
        //omp parallel num_threads(threads)
        {
            for (int j = 0; j < innerReps / threads; j++) {
                //omp atomic
                aaaa += 1;
            }
        }
        return aaaa;
    }

    private long reduction(int innerReps, Work work) {
        long aaaa = 0;
        for (int j = 0; j < innerReps; j++) {
            //omp parallel num_threads(threads) reduction(+:aaaa)
            {
                work.run();
                aaaa += 1;
            }
        }
        return aaaa;
    }
}
