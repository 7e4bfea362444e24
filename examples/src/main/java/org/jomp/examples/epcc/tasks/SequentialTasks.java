package org.jomp.examples.epcc.tasks;

import org.jomp.examples.epcc.method.Work;

/** The reference: the same work on the calling thread, no tasks. */
public final class SequentialTasks implements TaskKernels {

    @Override
    public String name() {
        return "sequential";
    }

    @Override
    public long fib(int n, int cutoff) {
        return TaskKernels.sequentialFib(n);
    }

    @Override
    public void smallTasks(int count, Work work) {
        for (int i = 0; i < count; i++) {
            work.run();
        }
    }

    @Override
    public void close() {
        // No threads.
    }
}
