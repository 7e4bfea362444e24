package org.jomp.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The tasks of one team's region: one {@link WorkStealingDeque} per thread and the count of tasks created and not
 * yet finished. A thread that waits (taskwait, taskgroup, an undeferred task's dependences, a barrier, the end of
 * the region) runs ready tasks: first from its own deque, newest first, then stolen from the others, oldest
 * first, starting after itself so thieves spread over the victims.
 *
 * <p>Idle waiting follows the runtime's {@link WaitPolicy}: spin, then park. Parking is safe from lost
 * wake-ups by the same Dekker pattern as the {@link Barrier}: a waiter announces {@code parked}, then rechecks its
 * condition and the deques; a thread that makes the condition true or queues a task writes first, then unparks
 * announced waiters (the taskwait's, taskgroup's or undeferred task's own thread, one idle thread per queued
 * task, every thread when the team's last task finishes).
 */
final class TaskScheduler {

    /** The longest park of a constrained waiter that sees queued tasks it may not run. */
    static final long CONSTRAINED_PARK_NANOS = 100_000L;

    private static final VarHandle PENDING;
    private static final VarHandle IDLE = MethodHandles.arrayElementVarHandle(int[].class);

    static {
        try {
            PENDING = MethodHandles.lookup().findVarHandle(TaskScheduler.class, "pending", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Team team;
    private WorkStealingDeque<Task>[] deques = newDeques(0);
    /** Deferred tasks of the region created and not yet finished. */
    private volatile int pending;
    /** Per thread number: 1 while the thread parks (or is about to) in a wait that would run a queued task. */
    private int[] idle = new int[0];

    TaskScheduler(Team team) {
        this.team = team;
    }

    @SuppressWarnings("unchecked")
    private static WorkStealingDeque<Task>[] newDeques(int n) {
        return (WorkStealingDeque<Task>[]) new WorkStealingDeque<?>[n];
    }

    /** Prepares for a region of {@code n} threads; called by the master while the workers are idle. */
    void reset(int n) {
        WorkStealingDeque<Task>[] d = deques;
        if (d.length < n) {
            d = Arrays.copyOf(d, n);
            for (int i = deques.length; i < n; i++) {
                d[i] = new WorkStealingDeque<>();
            }
            deques = d;
        }
        for (int i = 0; i < n; i++) {
            d[i].clear();
        }
        if (idle.length < n) {
            idle = new int[n];
        }
        if (pending != 0) {
            PENDING.set(this, 0);
        }
    }

    /** Deferred tasks not yet finished; zero in a region that creates none. */
    int pending() {
        return pending;
    }

    void created() {
        PENDING.getAndAdd(this, 1);
    }

    void finished() {
        if ((int) PENDING.getAndAdd(this, -1) == 1) {
            team.wakeParked();
        }
    }

    /** Queues a ready task on the calling thread's deque and wakes an idle thread to take it. */
    void push(ThreadState self, Task t) {
        deques[self.threadNum].push(t);
        wakeOne(self);
    }

    /** Unparks one thread, other than {@code self}, that parks in a wait that runs tasks. */
    private void wakeOne(ThreadState self) {
        int[] w = idle;
        for (int i = 0, n = team.nthreads; i < n; i++) {
            if (i != self.threadNum && (int) IDLE.getVolatile(w, i) != 0) {
                team.members[i].unpark();
                return;
            }
        }
    }

    /**
     * Parks {@code self} as a thread that takes tasks, unless {@code mayPark} turns false or a task is queued
     * meanwhile; the caller's wait loop re-checks its condition either way. The team's wakers see {@code parked},
     * {@link #push} sees the idle mark. A {@code constrained} waiter (see {@link #await}) may find only tasks it
     * must not run: it then parks for at most {@value #CONSTRAINED_PARK_NANOS} ns at a time instead of spinning
     * on them, and so still sees a task it may run that is queued without waking it.
     */
    void park(ThreadState self, Object blocker, boolean constrained, BooleanSupplier mayPark) {
        int me = self.threadNum;
        IDLE.setVolatile(idle, me, 1);
        team.parking(self);
        if (mayPark.getAsBoolean() && !team.broken) {
            if (!hasQueued()) {
                LockSupport.park(blocker);
            } else if (constrained) {
                LockSupport.parkNanos(blocker, CONSTRAINED_PARK_NANOS);
            }
        }
        team.unparked(self);
        IDLE.setVolatile(idle, me, 0);
    }

    /** Runs one ready task, if there is one; true if it did. */
    boolean runOne(ThreadState self) {
        return runOne(self, null);
    }

    /** Runs one ready task that descends from {@code within} (any task when null), if there is one. */
    boolean runOne(ThreadState self, Task within) {
        WorkStealingDeque<Task>[] d = deques;
        int me = self.threadNum;
        // pop() writes bottom with a full fence: when idle, look before taking.
        WorkStealingDeque<Task> own = d[me];
        Task t = null;
        if (!own.isEmpty()) {
            if (within == null) {
                t = own.pop();
            } else {
                // Only thieves take from the other end, so pop() returns the task seen here or, if a thief took
                // that last one, null.
                Task newest = own.peekNewest();
                if (newest != null && newest.descendsFrom(within)) {
                    t = own.pop();
                }
            }
        }
        if (t == null) {
            int n = team.nthreads;
            for (int i = 1; i < n && t == null; i++) {
                WorkStealingDeque<Task> victim = d[me + i < n ? me + i : me + i - n];
                if (victim.isEmpty()) {
                    continue;
                }
                if (within == null) {
                    t = victim.steal();
                } else {
                    Task oldest = victim.peekOldest();
                    if (oldest != null && oldest.descendsFrom(within)) {
                        t = victim.stealIfOldest(oldest);
                    }
                }
            }
            if (t == null) {
                return false;
            }
        }
        t.run(self);
        return true;
    }

    /** True when some deque of the team holds a task. */
    boolean hasQueued() {
        WorkStealingDeque<Task>[] d = deques;
        for (int i = 0, n = team.nthreads; i < n; i++) {
            if (!d[i].isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Runs tasks until {@code done} holds. A thread waiting in a task ({@code within}: taskwait, taskgroup, an
     * undeferred task's dependences) runs only descendants of that task; {@code within} null (a barrier, the end of
     * the region) runs any.
     *
     * @throws TeamBrokenException if the team breaks (or its region is cancelled) meanwhile
     */
    void await(ThreadState self, Task within, BooleanSupplier done) {
        Team t = team;
        Backoff b = self.backoff;
        b.begin(t.nthreads);
        while (!done.getAsBoolean()) {
            t.checkBroken();
            if (runOne(self, within)) {
                b.begin(t.nthreads);
            } else if (b.idle()) {
                park(self, this, within != null, () -> !done.getAsBoolean());
            }
        }
        b.end();
        if (hasQueued()) {
            // This thread may have taken a wake-up meant for the remaining tasks: pass it on.
            wakeOne(self);
        }
    }

    /** Runs tasks until every task of the region has finished: the task part of a barrier. */
    void drain(ThreadState self) {
        await(self, null, () -> pending == 0);
    }

    /**
     * The end of a thread's share of the region: helps until no task is pending, or returns at once when the
     * team is broken or cancelled (its remaining tasks are dropped by the next region's {@link #reset}). A thread
     * that finds no pending task leaves without waiting for the others, so the region's end costs no barrier;
     * a task created after that is run by the threads still in the region, at least by its creator, and the
     * master's join waits for them.
     */
    void finish(ThreadState self) {
        if (pending == 0) {
            return;
        }
        try {
            drain(self);
        } catch (TeamBrokenException e) {
            // The region is over: the failure, if any, is already recorded in the team.
        }
    }
}
