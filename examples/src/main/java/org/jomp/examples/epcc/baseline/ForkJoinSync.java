package org.jomp.examples.epcc.baseline;

import java.util.Optional;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;

import org.jomp.examples.epcc.method.Kernel;
import org.jomp.examples.epcc.method.Work;
import org.jomp.examples.epcc.sync.SyncConstruct;
import org.jomp.examples.epcc.sync.SyncImplementation;

/**
 * The fork/join idiom: a dedicated {@link ForkJoinPool} with parallelism equal to the team size (never the common
 * pool, which on JDK 17 runs small fork-joins on the caller alone) and a {@link RecursiveTask} that halves the
 * range of team members down to one per leaf. The repetition loop itself runs inside the pool, so each fork starts
 * from a worker thread, the idiom's cheapest case. Only constructs with a fork/join shape have a kernel here.
 */
public final class ForkJoinSync implements SyncImplementation {
    private final int threads;
    private final ForkJoinPool pool;

    public ForkJoinSync(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        this.threads = threads;
        this.pool = new ForkJoinPool(threads);
    }

    @Override
    public String name() {
        return "forkjoin";
    }

    @Override
    public String mechanism(SyncConstruct construct) {
        return "ForkJoinPool(" + threads + ") + RecursiveTask";
    }

    @Override
    public Optional<Kernel> kernel(SyncConstruct construct) {
        return switch (construct) {
            case PARALLEL, PARALLEL_FOR, REDUCTION -> Optional.of(this::forkJoins);
            default -> Optional.empty();
        };
    }

    /**
     * innerReps fork/joins over {@code threads} leaves, each running the work once and counting 1; the sum is the
     * reduction's result (PARALLEL and PARALLEL FOR have the same shape here, and ignore it).
     */
    private long forkJoins(int innerReps, Work work) {
        return pool.invoke(ForkJoinTask.adapt(() -> {
            long sum = 0;
            for (int j = 0; j < innerReps; j++) {
                sum += new Split(0, threads, work).invoke();
            }
            return sum;
        }));
    }

    /** Halves [lo, hi) until one member is left, which runs the work. */
    private static final class Split extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int lo;
        private final int hi;
        private final transient Work work;

        Split(int lo, int hi, Work work) {
            this.lo = lo;
            this.hi = hi;
            this.work = work;
        }

        @Override
        protected Long compute() {
            if (hi - lo == 1) {
                work.run();
                return 1L;
            }
            int mid = (lo + hi) >>> 1;
            Split left = new Split(lo, mid, work);
            left.fork();
            long right = new Split(mid, hi, work).compute();
            return left.join() + right;
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
        try {
            pool.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
