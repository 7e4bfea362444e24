package org.jomp.examples.epcc.tasks;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;

import org.jomp.examples.epcc.method.Work;

/**
 * The task tests as a Java programmer writes them with a dedicated {@link ForkJoinPool} of the team's size (never
 * the common pool): fib as a {@link RecursiveTask} that forks one half and computes the other, small tasks forked
 * from one task inside the pool and joined newest first.
 */
public final class ForkJoinTasks implements TaskKernels {
    private final ForkJoinPool pool;

    public ForkJoinTasks(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        this.pool = new ForkJoinPool(threads);
    }

    @Override
    public String name() {
        return "forkjoin";
    }

    @Override
    public long fib(int n, int cutoff) {
        return pool.invoke(new Fib(n, cutoff));
    }

    @Override
    public void smallTasks(int count, Work work) {
        pool.invoke(ForkJoinTask.adapt(() -> {
            ForkJoinTask<?>[] tasks = new ForkJoinTask<?>[count];
            for (int i = 0; i < count; i++) {
                tasks[i] = ForkJoinTask.adapt(work::run).fork();
            }
            for (int i = count - 1; i >= 0; i--) {
                tasks[i].join();
            }
        }));
    }

    @Override
    public void close() {
        pool.shutdown();
        try {
            pool.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static final class Fib extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int n;
        private final int cutoff;

        Fib(int n, int cutoff) {
            this.n = n;
            this.cutoff = cutoff;
        }

        @Override
        protected Long compute() {
            if (n < cutoff) {
                return TaskKernels.sequentialFib(n);
            }
            Fib left = new Fib(n - 1, cutoff);
            left.fork();
            long right = new Fib(n - 2, cutoff).compute();
            return left.join() + right;
        }
    }
}
