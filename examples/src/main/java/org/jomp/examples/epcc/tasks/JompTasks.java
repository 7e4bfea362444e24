package org.jomp.examples.epcc.tasks;

import org.jomp.examples.epcc.method.Work;
import org.jomp.runtime.Omp;

/**
 * The task tests against the JOMP runtime API as the translator emits {@code //omp task} and {@code //omp
 * taskwait} (docs/directives.md): a region whose single thread starts the work, tasks as lambdas, a task's shared
 * result in a one-element cell. fib spawns one task and computes the other half itself, the same shape as the
 * fork/join version, so the two compare the runtimes rather than the programs.
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

    /** {@code //omp task shared(x) \n x = fib(n - 1); y = fib(n - 2); //omp taskwait \n return x + y;} */
    private static long fibTask(int n, int cutoff) {
        if (n < cutoff) {
            return TaskKernels.sequentialFib(n);
        }
        long[] x = {0};
        Omp.task(() -> {
            x[0] = fibTask(n - 1, cutoff);
        });
        long y = fibTask(n - 2, cutoff);
        Omp.taskwait();
        return x[0] + y;
    }

    /** {@code //omp parallel \n { //omp single \n for (i...) { //omp task \n work(); } }}: the tasks end at the barrier. */
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
