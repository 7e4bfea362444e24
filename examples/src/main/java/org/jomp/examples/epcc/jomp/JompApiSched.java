package org.jomp.examples.epcc.jomp;

import java.util.Optional;

import org.jomp.examples.epcc.method.Kernel;
import org.jomp.examples.epcc.method.Work;
import org.jomp.examples.epcc.sched.SchedImplementation;
import org.jomp.examples.epcc.sched.ScheduleCase;
import org.jomp.runtime.Loop;
import org.jomp.runtime.Omp;
import org.jomp.runtime.Schedule;

/**
 * schedbench against the JOMP runtime API, as the translator emits
 * {@code //omp parallel \n { for (j...) { //omp for schedule(kind,n) \n for (i...) delay(); } }}.
 */
public final class JompApiSched implements SchedImplementation {
    private final int threads;
    private final int itersPerThread;

    public JompApiSched(int threads, int itersPerThread) {
        if (threads < 1 || itersPerThread < 1) {
            throw new IllegalArgumentException("threads and iterations per thread must be >= 1, got " + threads
                    + " and " + itersPerThread);
        }
        this.threads = threads;
        this.itersPerThread = itersPerThread;
    }

    @Override
    public String name() {
        return "jomp-api";
    }

    @Override
    public Optional<Kernel> kernel(ScheduleCase schedule) {
        Schedule s = switch (schedule.kind()) {
            case STATIC -> Schedule.STATIC;
            case STATIC_N -> Schedule.staticChunk(schedule.chunk());
            case DYNAMIC_N -> Schedule.dynamic(schedule.chunk());
            case GUIDED_N -> Schedule.guided(schedule.chunk());
        };
        int iterations = itersPerThread * threads;
        if (schedule.kind() == ScheduleCase.Kind.STATIC_N) {
            return Optional.of((innerReps, work) -> walks(innerReps, work, iterations, s));
        }
        return Optional.of((innerReps, work) -> {
            Omp.parallel(threads, true, () -> {
                for (int j = 0; j < innerReps; j++) {
                    Loop loop = Omp.loop(0, iterations, 1, s, 0);
                    while (loop.next()) {
                        for (int i = loop.intStart(); i < loop.intEnd(); i++) {
                            work.run();
                        }
                    }
                    loop.end(false);
                }
            });
            return 0;
        });
    }

    /** A static chunked loop walks its chunks, as the translator emits it, with no call per chunk. */
    private long walks(int innerReps, Work work, int iterations, Schedule s) {
        Omp.parallel(threads, true, () -> {
            for (int j = 0; j < innerReps; j++) {
                Loop loop = Omp.loop(0, iterations, 1, s, 0);
                long chunks = loop.staticChunks();
                int from = loop.intStart();
                int stride = (int) loop.stride();
                int span = (int) loop.span();
                int last = (int) loop.lastEnd();
                for (; chunks != 0; chunks--, from += stride) {
                    for (int i = from, end = chunks != 1 ? from + span : last; i < end; i++) {
                        work.run();
                    }
                }
                loop.end(false);
            }
        });
        return 0;
    }

    @Override
    public void close() {
        // The runtime's pools belong to the calling thread and outlive this object.
    }
}
