package org.jomp.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The team barrier: a centralised sense-reversing barrier (Mellor-Crummey and Scott, "Algorithms for scalable
 * synchronization on shared-memory multiprocessors", ACM TOCS 9(1), 1991, algorithm 7), with the sense kept as
 * a generation counter. Each thread reads the generation, then counts itself in; the last one resets the count
 * and advances the generation, which releases the others. Waiters spin, then park (see
 * {@link Backoff}); the releaser unparks only the threads that announced they were parking, so a barrier
 * between spinning threads never enters the kernel.
 *
 * <p>A broken team (a thread has thrown, or the region is cancelled) releases every waiter with
 * {@link TeamBrokenException}.
 *
 * <p>A barrier completes the region's tasks (OpenMP 5.2, section 15.3.1): waiters run ready tasks while they
 * wait, and the last thread to arrive releases the others only once the team has no pending task. When the
 * region has created no task this costs one read of the pending count per spin.
 */
final class Barrier {

    private static final VarHandle ARRIVED;

    static {
        try {
            ARRIVED = MethodHandles.lookup().findVarHandle(Barrier.class, "arrived", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Team team;
    private volatile int arrived;
    private volatile int generation;

    Barrier(Team team) {
        this.team = team;
    }

    /** Forgets arrivals of a broken region; called by the master before the team's next region. */
    void reset() {
        if (arrived != 0) {
            ARRIVED.set(this, 0);
        }
    }

    void await(ThreadState self) {
        Team t = team;
        int n = t.nthreads;
        if (n == 1) {
            return;
        }
        t.checkBroken();
        if (Task.inExplicitTask(self)) {
            throw new IllegalStateException("a barrier (explicit or implied by a work-sharing construct) may not be"
                    + " reached inside an explicit task of thread " + self.threadNum);
        }
        TaskScheduler tasks = t.tasks;
        int gen = generation;
        if ((int) ARRIVED.getAndAdd(this, 1) == n - 1) {
            if (tasks.pending() != 0) {
                tasks.drain(self);
            }
            // Published by the volatile write of the generation, which every waiter reads before re-arriving.
            ARRIVED.set(this, 0);
            generation = gen + 1;
            t.wakeParked();
            return;
        }
        Backoff b = self.backoff;
        b.begin(n);
        while (generation == gen) {
            t.checkBroken();
            if (tasks.pending() != 0 && tasks.runOne(self)) {
                b.begin(n);
            } else if (b.idle()) {
                tasks.park(self, this, false, () -> generation == gen);
            }
        }
        b.end();
    }
}
