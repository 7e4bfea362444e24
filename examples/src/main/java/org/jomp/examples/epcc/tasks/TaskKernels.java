package org.jomp.examples.epcc.tasks;

import org.jomp.examples.epcc.method.Work;

/** The two fine-grained task tests, written once per contestant for a team (or pool) of a fixed size. */
public interface TaskKernels extends AutoCloseable {

    /** Short name for the table, e.g. {@code jomp-api} or {@code forkjoin}. */
    String name();

    /** Fibonacci of {@code n} with a task per call down to {@code cutoff}, below which calls run sequentially. */
    long fib(int n, int cutoff);

    /** {@code count} tasks created by one thread, each running {@code work} once, all finished on return. */
    void smallTasks(int count, Work work);

    /** Stops the threads this contestant owns. */
    @Override
    void close();

    /** The sequential Fibonacci that every contestant runs below the cutoff, and the reference for the result. */
    static long sequentialFib(int n) {
        return n < 2 ? n : sequentialFib(n - 1) + sequentialFib(n - 2);
    }
}
