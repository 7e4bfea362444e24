package org.jomp.examples.epcc.tasks;

import org.jomp.examples.epcc.method.Work;
import org.jomp.runtime.Omp;

/**
 * The task tests against the JOMP runtime API as the translator emits {@code //omp task} and {@code //omp
 * taskwait} (docs/directives.md): a region whose single thread starts the work, tasks as lambdas, a task's shared
 * result in a one-element cell. fib defers one half and computes the other itself, the shape of the fork/join
 * version, so the two compare the runtimes rather than the programs.
 */
public final class JompTasks implements TaskKernels {
    private final int threads;

    public JompTasks(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        this.threads = threads;
    }

    @Override
    public String name() {
        return "jomp-api";
    }

    /** {@code //omp parallel \n { //omp single \n result = fib(n); }} */
    @Override
    public long fib(int n, int cutoff) {
        long[] result = {0};
        Omp.parallel(threads, true, () -> {
            if (Omp.singleBegin()) {
                result[0] = fibTask(n, cutoff);
            }
            Omp.singleEnd(false);
        });
        return result[0];
    }

    /**
     * {@code //omp task shared(x) \n x = fib(n - 1); //omp task shared(y) if(0) \n y = fib(n - 2); //omp taskwait}.
     * The second half runs at once in this thread, as fork/join's {@code compute()} does, but as an undeferred
     * task of its own: a taskwait waits for all children of the current task, so fib(n - 2) called as a plain
     * method would wait in its taskwaits for fib(n - 1) too, and for every task its callers created.
     */
    private static long fibTask(int n, int cutoff) {
        if (n < cutoff) {
            return TaskKernels.sequentialFib(n);
        }
        long[] x = {0};
        long[] y = {0};
        Omp.task(() -> {
            x[0] = fibTask(n - 1, cutoff);
        });
        Omp.task(false, false, null, null, () -> {
            y[0] = fibTask(n - 2, cutoff);
        });
        Omp.taskwait();
        return x[0] + y[0];
    }

    /**
     * {@code //omp parallel \n { //omp single \n for (i...) { //omp task \n work(); } }}: the tasks end at the
     * barrier.
     */
    @Override
    public void smallTasks(int count, Work work) {
        Omp.parallel(threads, true, () -> {
            if (Omp.singleBegin()) {
                for (int i = 0; i < count; i++) {
                    Omp.task(() -> {
                        work.run();
                    });
                }
            }
            Omp.singleEnd(false);
        });
    }

    @Override
    public void close() {
        // The runtime's pools belong to the calling thread and outlive this object.
    }
}
