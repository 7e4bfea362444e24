package org.jomp.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * The task construct (libgomp's task.c): an explicit task, or the implicit task of a thread in a region.
 *
 * <p>A deferred task is counted in its parent's children (for taskwait), in its taskgroup (for the end of the
 * taskgroup) and in the team's pending tasks (for barriers and the end of the region), then queued on the
 * creating thread's {@link WorkStealingDeque} once its dependences are met. An undeferred task ({@code if(false)})
 * waits for its dependences, then runs at once in the encountering thread; an included task (any task created
 * in a final task) runs at once, without dependences, since its siblings run in creation order anyway. In a
 * team of one every task is included: there is no other thread to defer it to.
 *
 * <p>Tasks run to completion on the thread that took them (tied). A thread waiting for a task runs ready tasks
 * of its team meanwhile: at a barrier or the end of the region any task, in a taskwait, at the end of a taskgroup
 * or before an undeferred task only the descendants of the task it waits in (OpenMP 5.2's task scheduling
 * constraint for tied tasks, section 12.9), so an unrelated long task cannot hold the waiting task up. A task that throws breaks the team: the region ends and rethrows the exception in its
 * encountering thread, as for an exception of the region itself; queued tasks of a broken or cancelled team, or
 * of a cancelled taskgroup, are completed without running.
 */
final class Task {

    private static final VarHandle CHILDREN;
    private static final VarHandle WAITING;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            CHILDREN = l.findVarHandle(Task.class, "children", int.class);
            WAITING = l.findVarHandle(Task.class, "waiting", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** null for an implicit task. */
    private final Region body;
    private final Task parent;
    /** The taskgroup this task counts in; null when it was created outside any taskgroup. */
    final TaskGroup group;
    /** Descendants of a final task are included. */
    final boolean isFinal;
    private final Team team;
    /** Counted in parent, taskgroup and team: a deferred task. */
    private boolean counted;

    /** The innermost taskgroup open in this task's region; only the thread running the task uses it. */
    TaskGroup current;
    /** The thread running this task, for the wake-up of its taskwait. */
    private volatile ThreadState runner;
    /** Unfinished deferred child tasks. */
    private volatile int children;
    /** The depend clauses of this task's children, created on the first one. */
    private Dependences dependences;

    /** Has depend clauses: it may have predecessors and successors. A task without is never one. */
    private boolean inGraph;
    /** Unfinished predecessors, plus one while the task's own dependences are being registered. */
    private volatile int waiting = 1;
    /** Tasks that wait for this one; guarded by this; null once finished. */
    private List<Task> successors;
    private volatile boolean finished;
    /** An undeferred task with dependences: the thread that waits to run it, and whether it may. */
    private ThreadState undeferredWaiter;
    private volatile boolean ready;

    private Task(Region body, Task parent, TaskGroup group, boolean isFinal, Team team) {
        this.body = body;
        this.parent = parent;
        this.group = group;
        this.current = group;
        this.isFinal = isFinal;
        this.team = team;
    }

    /** The task the calling thread is running: an explicit task, or its implicit task, created on first use. */
    static Task current(ThreadState self) {
        Task t = self.task;
        if (t == null) {
            t = new Task(null, null, null, false, self.team);
            t.runner = self;
            self.task = t;
        }
        return t;
    }

    /** True while {@code self} runs an explicit task rather than its implicit one. */
    static boolean inExplicitTask(ThreadState self) {
        Task t = self.task;
        return t != null && t.body != null;
    }

    /**
     * The task construct. {@code in} and {@code out} hold the depend keys (out also for inout), compared by
     * {@code equals}; dependences order sibling tasks only, as OpenMP says.
     */
    static void spawn(ThreadState self, boolean ifClause, boolean finalClause, Object[] in, Object[] out,
            Region body) throws Throwable {
        if (body == null) {
            throw new IllegalArgumentException("task body must not be null");
        }
        checkKeys("in", in);
        checkKeys("out", out);
        Task parent = current(self);
        Team team = self.team;
        TaskScheduler scheduler = team.tasks;
        Task t = new Task(body, parent, parent.current, finalClause || parent.isFinal, team);
        if (scheduler == null || parent.isFinal) {
            t.runInline(self);
            return;
        }
        boolean depends = in != null && in.length > 0 || out != null && out.length > 0;
        t.inGraph = depends;
        if (!ifClause) {
            if (depends) {
                t.undeferredWaiter = self;
                parent.dependences().register(t, in, out);
                if (!t.release()) {
                    scheduler.await(self, parent, () -> t.ready);
                }
            }
            t.runInline(self);
            return;
        }
        t.counted = true;
        CHILDREN.getAndAdd(parent, 1);
        if (t.group != null) {
            t.group.add();
        }
        scheduler.created();
        // Without dependences nothing else holds the registration count: skip its atomic release.
        if (!depends) {
            scheduler.push(self, t);
            return;
        }
        parent.dependences().register(t, in, out);
        if (t.release()) {
            scheduler.push(self, t);
        }
    }

    private static void checkKeys(String clause, Object[] keys) {
        if (keys == null) {
            return;
        }
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] == null) {
                throw new IllegalArgumentException("task depend(" + clause + ") key " + i + " is null");
            }
        }
    }

    /** The taskwait construct: waits until every child task of the current task has finished. */
    static void taskwait(ThreadState self) {
        Task t = self.task;
        if (t == null) {
            return;
        }
        if (t.children != 0) {
            self.team.tasks.await(self, t, () -> t.children == 0);
        }
        if (t.dependences != null) {
            // Every sibling has finished: no later child can depend on them.
            t.dependences.clear();
        }
    }

    private Dependences dependences() {
        Dependences d = dependences;
        if (d == null) {
            d = dependences = new Dependences();
        }
        return d;
    }

    /** Makes this task wait for {@code pred}, unless {@code pred} has already finished. */
    void dependOn(Task pred) {
        synchronized (pred) {
            if (pred.finished) {
                return;
            }
            // Counted before pred can see this task, so pred's release cannot take the count to zero early.
            WAITING.getAndAdd(this, 1);
            if (pred.successors == null) {
                pred.successors = new ArrayList<>(2);
            }
            pred.successors.add(this);
        }
    }

    /** True when {@code ancestor} created this task, or created a task that did, and so on. */
    boolean descendsFrom(Task ancestor) {
        for (Task p = parent; p != null; p = p.parent) {
            if (p == ancestor) {
                return true;
            }
        }
        return false;
    }

    boolean isFinished() {
        return finished;
    }

    /** Drops one predecessor (or the registration hold); true when the task has none left and may run. */
    private boolean release() {
        return (int) WAITING.getAndAdd(this, -1) == 1;
    }

    /**
     * Runs a deferred task taken from a deque; its exception breaks the team. The thread takes it in some wait
     * (taskwait, barrier, ...), and an interrupt pending there belongs to the code that waits: the task runs
     * without it (a sleep in the task would throw), and it is pending again afterwards.
     */
    void run(ThreadState self) {
        Task previous = self.task;
        self.task = this;
        runner = self;
        boolean waiterInterrupted = Thread.interrupted();
        try {
            if (!discarded()) {
                body.run();
            }
        } catch (Throwable e) {
            team.fail(e);
        } finally {
            self.task = previous;
            if (waiterInterrupted) {
                Thread.currentThread().interrupt();
            }
        }
        complete(self);
    }

    /** Runs an undeferred or included task in the encountering thread; its exception propagates from there. */
    private void runInline(ThreadState self) throws Throwable {
        Task previous = self.task;
        self.task = this;
        runner = self;
        try {
            if (!discarded()) {
                body.run();
            }
        } finally {
            self.task = previous;
            complete(self);
        }
    }

    /** A task of a broken or cancelled team, or of a cancelled taskgroup, completes without running. */
    private boolean discarded() {
        return team.broken || group != null && group.isCancelled();
    }

    private void complete(ThreadState self) {
        if (inGraph) {
            releaseSuccessors(self);
        }
        if (!counted) {
            return;
        }
        if (group != null) {
            group.remove();
        }
        if ((int) CHILDREN.getAndAdd(parent, -1) == 1) {
            ThreadState r = parent.runner;
            if (r.parked) {
                r.unpark();
            }
        }
        team.tasks.finished();
    }

    private void releaseSuccessors(ThreadState self) {
        List<Task> next;
        synchronized (this) {
            finished = true;
            next = successors;
            successors = null;
        }
        if (next != null) {
            for (Task s : next) {
                if (s.release()) {
                    s.becomeReady(self);
                }
            }
        }
    }

    /** All predecessors have finished: queue the task, or let its undeferred encountering thread run it. */
    private void becomeReady(ThreadState self) {
        ThreadState w = undeferredWaiter;
        if (w == null) {
            team.tasks.push(self, this);
            return;
        }
        ready = true;
        if (w.parked) {
            w.unpark();
        }
    }
}
