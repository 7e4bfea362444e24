package org.jomp.runtime;

/**
 * The cancel and cancellation point constructs (OpenMP 5.2, chapter 16; libgomp's GOMP_cancel and
 * GOMP_cancellation_point). Active only when cancel-var is true ({@code OMP_CANCELLATION=true} or
 * {@link Omp#setCancellation}); otherwise cancel does nothing and every cancellation point answers false. A team
 * reads cancel-var when its region starts, so all its threads agree on it for the whole region.
 *
 * <ul>
 * <li>PARALLEL: the team is broken without a failure: every thread leaves the region at its next barrier or other
 *     wait of the team (these throw the stackless {@link TeamBrokenException}, which the region swallows), and
 *     the tasks not yet started are dropped. The region then returns normally.</li>
 * <li>FOR and SECTIONS: the construct's work-share slot is marked, so no thread is handed another chunk or
 *     section; the construct's end and barrier run as usual.</li>
 * <li>TASKGROUP: the innermost taskgroup of the current task is marked; its tasks not yet started are dropped.</li>
 * </ul>
 * A cancellation point reports the construct's own mark, or that the region has been cancelled (as libgomp does):
 * either way the thread should leave.
 */
final class Cancellation {

    private static volatile boolean enabled = Env.global().cancellation();

    private Cancellation() {
    }

    /** cancel-var: whether cancel and cancellation points take effect in regions that start from now on. */
    static boolean enabled() {
        return enabled;
    }

    static void enable(boolean on) {
        enabled = on;
    }

    /** cancel-var as the calling thread's region sees it. */
    private static boolean active(Team team) {
        return team.nthreads == 1 ? enabled : team.cancellable;
    }

    static boolean cancel(ThreadState self, Cancel kind) {
        Team team = self.team;
        Loop loop = null;
        Sections sections = null;
        TaskGroup group = null;
        switch (kind(kind, "cancel")) {
            case PARALLEL: inRegion(self, "cancel"); break;
            case FOR: loop = loop(self, "cancel"); break;
            case SECTIONS: sections = sections(self, "cancel"); break;
            default: group = group(self, "cancel"); break;
        }
        if (!active(team)) {
            return false;
        }
        if (loop != null) {
            loop.cancel();
        } else if (sections != null) {
            sections.cancel();
        } else if (group != null) {
            group.cancel();
        } else {
            team.cancel();
        }
        return true;
    }

    static boolean point(ThreadState self, Cancel kind) {
        Team team = self.team;
        boolean cancelled;
        switch (kind(kind, "cancellationPoint")) {
            case PARALLEL: inRegion(self, "cancellationPoint"); cancelled = false; break;
            case FOR: cancelled = loop(self, "cancellationPoint").isCancelled(); break;
            case SECTIONS: cancelled = sections(self, "cancellationPoint").isCancelled(); break;
            default: cancelled = group(self, "cancellationPoint").isCancelled(); break;
        }
        return active(team) && (cancelled || team.broken);
    }

    private static Cancel kind(Cancel kind, String what) {
        if (kind == null) {
            throw new IllegalArgumentException(what + ": kind must not be null (PARALLEL, FOR, SECTIONS or TASKGROUP)");
        }
        return kind;
    }

    private static void inRegion(ThreadState self, String what) {
        if (self.team.level == 0) {
            throw new IllegalStateException(what + "(PARALLEL) outside a parallel region");
        }
    }

    private static Loop loop(ThreadState self, String what) {
        Loop l = self.loop;
        if (l == null) {
            throw new IllegalStateException(what + "(FOR) outside a work-sharing loop");
        }
        return l;
    }

    private static Sections sections(ThreadState self, String what) {
        Sections s = self.sections;
        if (s == null) {
            throw new IllegalStateException(what + "(SECTIONS) outside a sections construct");
        }
        return s;
    }

    private static TaskGroup group(ThreadState self, String what) {
        Task t = self.task;
        TaskGroup g = t == null ? null : t.current;
        if (g == null) {
            throw new IllegalStateException(what + "(TASKGROUP) outside a taskgroup");
        }
        return g;
    }
}
