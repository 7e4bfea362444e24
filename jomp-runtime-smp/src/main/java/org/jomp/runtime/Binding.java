package org.jomp.runtime;

/**
 * Which thread state is the innermost one of a thread: the team its constructs bind to. Worker threads keep
 * their binding in a field of {@link TeamThread}; any other thread (the program's own threads, e.g. one per
 * SPMD rank) in a thread-local, created on first use with a team of one at level 0.
 */
final class Binding {

    private static final ThreadLocal<Binding> USER_THREADS = ThreadLocal.withInitial(Binding::forUserThread);

    ThreadState current;

    private static Binding forUserThread() {
        Binding b = new Binding();
        b.current = ThreadState.initial(b, Thread.currentThread());
        return b;
    }

    /** The calling thread's binding. */
    static Binding get() {
        Thread t = Thread.currentThread();
        return t instanceof TeamThread ? ((TeamThread) t).binding : USER_THREADS.get();
    }

    /** The calling thread's innermost thread state. */
    static ThreadState state() {
        return get().current;
    }
}
