package org.jomp.runtime;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The persistent worker threads of one encountering thread state (libgomp's "hot team"): every region that
 * this state forks reuses the same workers and the same {@link Team}. Because the pool belongs to the
 * encountering state, independent top-level teams (e.g. one per SPMD rank that is a thread) and nested teams
 * never share workers or interfere. The pool grows when a region asks for more threads than it has.
 */
final class WorkerPool {

    private static final AtomicInteger IDS = new AtomicInteger();

    final int id = IDS.incrementAndGet();
    /** The state that forks from this pool. */
    final ThreadState owner;
    /** The owner thread's state inside the pool's team: thread 0. */
    final ThreadState master;
    final Team team;
    /** The body class of a region forked here last that {@link InitializerGuard} found safe. */
    Class<?> safeBody;
    private TeamThread[] workers = new TeamThread[0];

    WorkerPool(ThreadState owner) {
        this.owner = owner;
        this.master = new ThreadState(owner.binding, owner.thread, owner.group, new Icv(owner.icv));
        this.team = new Team(owner, owner.team.level + 1, owner.team.activeLevel + 1,
                new ThreadState[] {master}, true);
        master.team = team;
        master.threadNum = 0;
    }

    /** Makes sure the pool has at least {@code count} workers, starting new ones as needed. */
    TeamThread[] workers(int count) {
        TeamThread[] w = workers;
        if (w.length < count) {
            w = Arrays.copyOf(w, count);
            ThreadState[] members = Arrays.copyOf(team.members, count + 1);
            for (int i = workers.length; i < count; i++) {
                w[i] = new TeamThread(this, i + 1);
                members[i + 1] = w[i].state;
            }
            team.members = members;
            workers = w;
            for (int i = 0; i < count; i++) {
                if (!w[i].isAlive()) {
                    w[i].start();
                }
            }
        }
        return w;
    }
}
