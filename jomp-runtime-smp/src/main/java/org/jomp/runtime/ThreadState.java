package org.jomp.runtime;

import java.util.concurrent.locks.LockSupport;

/**
 * One thread's membership of one team (libgomp's {@code gomp_team_state}): the team, the thread number, the
 * ICVs of the implicit task, and the per-thread counters that let constructs find their shared state without
 * allocating (single, work-share ring, copyprivate). A thread has one state per nesting level it is in; states
 * persist with their pool, so a warm program allocates none per region.
 */
final class ThreadState {

    final Binding binding;
    final Thread thread;
    final ContentionGroup group;
    final Icv icv;
    final Backoff backoff = new Backoff();

    Team team;
    int threadNum;

    /** How many single constructs this thread has met in the current region (libgomp's single_count). */
    long singleCount;
    /** True from winning a single until its end (singleEnd, or the copyprivate broadcast that ends it). */
    boolean inSingle;
    /** How many master or masked blocks this thread is running (they may nest). */
    int masterDepth;
    /** How many work-share slots this thread has taken in the current region. */
    long workShareCount;
    /** How many copyprivate broadcasts this thread has met in the current region. */
    int copyCount;
    /** The innermost loop created with {@link Loop#ORDERED}, for {@link Omp#orderedBegin}. */
    Loop orderedLoop;
    /** The work-sharing loop and the sections construct this thread is in, for cancel. */
    Loop loop;
    Sections sections;
    /** The task this thread runs: an explicit one, or its implicit task (null until the region uses tasks). */
    Task task;

    /** Set while this thread is parked (or about to park) in a wait of this state's team. */
    volatile boolean parked;

    /**
     * Wakes this thread, which announced with {@link #parked} that it parks: stamps the time for its
     * {@link Backoff} to measure the wake-up, then unparks it.
     */
    void unpark() {
        backoff.stampWake();
        LockSupport.unpark(thread);
    }

    private WorkerPool pool;
    private ThreadState serial;

    ThreadState(Binding binding, Thread thread, ContentionGroup group, Icv icv) {
        this.binding = binding;
        this.thread = thread;
        this.group = group;
        this.icv = icv;
    }

    /** The state of a thread outside any region: a team of one at level 0. */
    static ThreadState initial(Binding binding, Thread thread) {
        ThreadState s = new ThreadState(binding, thread, new ContentionGroup(), Env.global().initialIcv());
        s.team = Team.ofOne(s, null);
        return s;
    }

    /** Starts a region in this state's team: ICVs inherited from the encountering thread, counters from zero. */
    void beginRegion() {
        icv.inheritFrom(team.parentIcv);
        singleCount = 0;
        inSingle = false;
        masterDepth = 0;
        workShareCount = 0;
        copyCount = 0;
        orderedLoop = null;
        loop = null;
        sections = null;
        task = null;
    }

    /** The pool of worker threads that this state forks its teams from, created on first use. */
    WorkerPool pool() {
        WorkerPool p = pool;
        if (p == null) {
            p = pool = new WorkerPool(this);
        }
        return p;
    }

    /** The state of this thread in the team of one of a serialised nested region, created on first use. */
    ThreadState serial() {
        ThreadState s = serial;
        if (s == null) {
            s = serial = new ThreadState(binding, thread, group, new Icv(icv));
            s.team = Team.ofOne(s, this);
        }
        return s;
    }
}
