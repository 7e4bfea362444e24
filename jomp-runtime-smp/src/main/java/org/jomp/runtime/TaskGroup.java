package org.jomp.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The taskgroup construct: runs its body, then waits until every task created in it has finished, and with
 * them their descendants. A task counts in the innermost taskgroup open in its creator's region; a task created
 * by such a task counts in the same group (or in a taskgroup nested in it, which itself ends before its creator
 * does), so waiting for the group's own count waits for all descendants.
 *
 * <p>{@code cancel taskgroup} marks the group cancelled: its tasks and their descendants that have not started
 * are completed without running; tasks already running finish normally. An exception thrown by the body itself
 * discards the group's unstarted tasks the same way, waits for the running ones, and is rethrown.
 */
final class TaskGroup {

    private static final VarHandle COUNT;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(TaskGroup.class, "count", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The taskgroup this one is nested in, within the same task's region or its creator's. */
    final TaskGroup outer;
    /** The thread that waits at the end of the group. */
    private final ThreadState owner;
    private volatile int count;
    private volatile boolean cancelled;

    private TaskGroup(TaskGroup outer, ThreadState owner) {
        this.outer = outer;
        this.owner = owner;
    }

    static void run(ThreadState self, Region body) throws Throwable {
        if (body == null) {
            throw new IllegalArgumentException("taskgroup body must not be null");
        }
        Task task = Task.current(self);
        TaskGroup g = new TaskGroup(task.current, self);
        task.current = g;
        Throwable failure = null;
        try {
            body.run();
        } catch (Throwable e) {
            failure = e;
            g.cancelled = true;
        } finally {
            task.current = g.outer;
        }
        if (g.count != 0) {
            try {
                self.team.tasks.await(self, task, () -> g.count == 0);
            } catch (TeamBrokenException e) {
                if (failure == null) {
                    throw e;
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    void add() {
        COUNT.getAndAdd(this, 1);
    }

    void remove() {
        if ((int) COUNT.getAndAdd(this, -1) == 1 && owner.parked) {
            owner.unpark();
        }
    }

    void cancel() {
        cancelled = true;
    }

    /** True when this group or one it is nested in has been cancelled. */
    boolean isCancelled() {
        for (TaskGroup g = this; g != null; g = g.outer) {
            if (g.cancelled) {
                return true;
            }
        }
        return false;
    }
}
