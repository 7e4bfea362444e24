package org.jomp.runtime;

import java.util.concurrent.locks.LockSupport;

/**
 * A persistent worker of a {@link WorkerPool}: always the same thread number in the same team. Between regions
 * it waits on its own volatile job slot, spinning, then parking (see {@link Backoff}); the
 * master writes the slot and unparks the worker only if it announced that it parks. A parked worker checks
 * every second whether the thread that owns its pool is still alive, and ends with it, so pools of finished
 * threads do not leak. An idle worker has no use for interrupts: it clears its interrupt status before it parks
 * and after each region.
 *
 * <p>The wait for the next region has a {@link Backoff} of its own. Its waits are as long as the master's serial
 * code and usually park, halving the budget each time; sharing the budget of the waits inside regions, four idle
 * gaps put those into park mode, so that every region began with parked hand-offs until probes found the way
 * back (an ordered loop of 1024 iterations at 2 threads: nearly every loop began in park mode, with most of its
 * parks in its first 32 hand-offs). How long the program idles says nothing about whether a team-mate runs.
 */
final class TeamThread extends Thread {

    private static final long OWNER_CHECK_NANOS = 1_000_000_000L;

    final Binding binding = new Binding();
    /** This worker's state in its pool's team. */
    final ThreadState state;
    private final WorkerPool pool;
    private volatile Team job;
    /**
     * Set while this worker parks between regions. Here, beside the job slot that the master writes anyway, rather
     * than in the worker's state, whose lines the worker writes in every construct.
     */
    private volatile boolean idleParked;
    /** The idle strategy of the wait for the next region, apart from the state's (see the class comment). */
    private final Backoff idle = new Backoff();

    TeamThread(WorkerPool pool, int threadNum) {
        super("jomp-worker-" + pool.id + "-" + threadNum);
        setDaemon(true);
        this.pool = pool;
        this.state = new ThreadState(binding, this, pool.owner.group, new Icv(pool.owner.icv));
        state.team = pool.team;
        state.threadNum = threadNum;
        binding.current = state;
    }

    /** Hands the worker its next region; called by the master. */
    void dispatch(Team team) {
        job = team;
        if (idleParked) {
            idle.stampWake();
            LockSupport.unpark(this);
        }
    }

    @Override
    public void run() {
        for (;;) {
            Team t = awaitJob();
            if (t == null) {
                return;
            }
            job = null;
            t.runWorker(state);
            // An interrupt status left by the region's code (e.g. the usual catch-and-reinterrupt) belongs to
            // that region; carried over, it would make every park return at once and the idle worker spin.
            state.backoff.endDiscardingInterrupt();
            Thread.interrupted();
        }
    }

    private Team awaitJob() {
        Team t = job;
        if (t != null) {
            return t;
        }
        Backoff b = idle;
        b.begin(pool.team.nthreads);
        while ((t = job) == null) {
            if (b.idle()) {
                idleParked = true;
                if (job == null) {
                    LockSupport.parkNanos(this, OWNER_CHECK_NANOS);
                }
                idleParked = false;
                if (job == null && !pool.owner.thread.isAlive()) {
                    return null;
                }
            }
        }
        b.endDiscardingInterrupt();
        return t;
    }
}
