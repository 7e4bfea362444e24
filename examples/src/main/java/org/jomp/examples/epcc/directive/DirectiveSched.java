package org.jomp.examples.epcc.directive;

import java.util.Optional;

import org.jomp.examples.epcc.method.Kernel;
import org.jomp.examples.epcc.method.Work;
import org.jomp.examples.epcc.sched.SchedImplementation;
import org.jomp.examples.epcc.sched.ScheduleCase;

/**
 * schedbench written with {@code //omp} directives, as EPCC's schedbench.c writes it, and translated by
 * jomp-maven-plugin when the examples module is built: one region runs innerReps work-sharing loops of
 * {@code itersPerThread * threads} delays under the schedule being measured.
 */
public final class DirectiveSched implements SchedImplementation {
    private final int threads;
    private final int itersPerThread;

    public DirectiveSched(int threads, int itersPerThread) {
        if (threads < 1 || itersPerThread < 1) {
            throw new IllegalArgumentException("threads and iterations per thread must be >= 1, got " + threads
                    + " and " + itersPerThread);
        }
        this.threads = threads;
        this.itersPerThread = itersPerThread;
    }

    @Override
    public String name() {
        return "jomp-directive";
    }

    @Override
    public Optional<Kernel> kernel(ScheduleCase schedule) {
        int chunk = schedule.chunk();
        return Optional.of(switch (schedule.kind()) {
            case STATIC -> this::staticBlocks;
            case STATIC_N -> (innerReps, work) -> staticChunks(innerReps, work, chunk);
            case DYNAMIC_N -> (innerReps, work) -> dynamic(innerReps, work, chunk);
            case GUIDED_N -> (innerReps, work) -> guided(innerReps, work, chunk);
        });
    }

    @Override
    public void close() {
        // The runtime's pools belong to the calling thread and outlive this object.
    }

    private long staticBlocks(int innerReps, Work work) {
        int iterations = itersPerThread * threads;
        //omp parallel num_threads(threads)
        {
            for (int j = 0; j < innerReps; j++) {
                //omp for schedule(static)
                for (int i = 0; i < iterations; i++) {
                    work.run();
                }
            }
        }
        return 0;
    }

    private long staticChunks(int innerReps, Work work, int chunk) {
        int iterations = itersPerThread * threads;
        //omp parallel num_threads(threads)
        {
            for (int j = 0; j < innerReps; j++) {
                //omp for schedule(static, chunk)
                for (int i = 0; i < iterations; i++) {
                    work.run();
                }
            }
        }
        return 0;
    }

    private long dynamic(int innerReps, Work work, int chunk) {
        int iterations = itersPerThread * threads;
        //omp parallel num_threads(threads)
        {
            for (int j = 0; j < innerReps; j++) {
                //omp for schedule(dynamic, chunk)
                for (int i = 0; i < iterations; i++) {
                    work.run();
                }
            }
        }
        return 0;
    }

    private long guided(int innerReps, Work work, int chunk) {
        int iterations = itersPerThread * threads;
        //omp parallel num_threads(threads)
        {
            for (int j = 0; j < innerReps; j++) {
                //omp for schedule(guided, chunk)
                for (int i = 0; i < iterations; i++) {
                    work.run();
                }
            }
        }
        return 0;
    }
}
