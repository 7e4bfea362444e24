package org.jomp.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * The shared state of one team (libgomp's {@code gomp_team}): its size, the region its threads run, the
 * barrier, the ring of work-share slots, the single and copyprivate counters, the reduction lock, and the
 * failure that breaks the team. A pool's team object is reused by every region forked from that pool, so
 * {@link #start} resets everything a previous (possibly failed) region may have left behind.
 */
final class Team {

    /** Work-share slots in the ring: how many nowait constructs a thread may run ahead of the slowest one. */
    static final int RING = 8;

    private static final VarHandle SINGLE = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle PENDING;
    private static final VarHandle REDUCTION;
    private static final VarHandle PARKED;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            PENDING = l.findVarHandle(Team.class, "pending", int.class);
            REDUCTION = l.findVarHandle(Team.class, "reductionHeld", int.class);
            PARKED = l.findVarHandle(Team.class, "parkedMembers", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final int level;
    final int activeLevel;
    /** The state of the thread that forks this team, in its enclosing team; null for an initial thread. */
    final ThreadState encountering;
    /** The ICVs the team's threads inherit: those of the encountering thread. */
    final Icv parentIcv;
    final Barrier barrier = new Barrier(this);
    /** null in a team of one, which never shares work. */
    final WorkShare[] ring;
    /** The two copyprivate slots, used alternately (see {@link CopyPrivate}). */
    final Object[][] copy = new Object[2][];
    /** The region's explicit tasks; null in a team of one, which runs every task at once. */
    final TaskScheduler tasks;

    int nthreads;
    ThreadState[] members;
    Region region;

    /**
     * The number of singles claimed so far in this region (libgomp's team->single_count), at {@link #SINGLE_AT}, 128
     * bytes from either end of its array: the claim's compare-and-set then moves no line that every barrier reads
     * (the team's {@link #broken} flag, its count of parked members).
     */
    private final long[] single = new long[2 * SINGLE_AT + 1];
    private static final int SINGLE_AT = 16;
    /** Workers that have not yet finished the region: the join waits for zero. */
    private volatile int pending;
    private volatile int reductionHeld;
    /**
     * How many members have announced that they park in a wait of the team ({@link #parking}). Wakers read this
     * instead of every member's flag: the flags lie beside the fields each thread writes in every construct (its
     * loop, its single count), so reading them moved those lines between the cores at every barrier. FOR cost
     * 0.32-0.37 us at 2 threads on an Intel Xeon host, against 0.18-0.19 for a barrier plus a nowait loop.
     */
    private volatile int parkedMembers;
    /**
     * Set when a thread of the team has thrown, or the region is cancelled: every wait of the team then ends
     * with TeamBrokenException.
     */
    volatile boolean broken;
    /** cancel-var as it was when the region started (see {@link Cancellation}). */
    boolean cancellable;
    /** The first Throwable of the region, with later ones suppressed; guarded by this. */
    private Throwable failure;

    Team(ThreadState encountering, int level, int activeLevel, ThreadState[] members, boolean shared) {
        this.encountering = encountering;
        this.level = level;
        this.activeLevel = activeLevel;
        this.parentIcv = encountering == null ? null : encountering.icv;
        this.members = members;
        this.nthreads = 1;
        if (shared) {
            ring = new WorkShare[RING];
            for (int i = 0; i < RING; i++) {
                ring[i] = new WorkShare();
                ring[i].prepare(i);
            }
            tasks = new TaskScheduler(this);
        } else {
            ring = null;
            tasks = null;
        }
    }

    /** A team of one for {@code state}: the initial thread's (no encountering state) or a serialised region's. */
    static Team ofOne(ThreadState state, ThreadState encountering) {
        int level = encountering == null ? 0 : encountering.team.level + 1;
        int active = encountering == null ? 0 : encountering.team.activeLevel;
        Team t = new Team(encountering, level, active, new ThreadState[] {state}, false);
        state.threadNum = 0;
        return t;
    }

    /**
     * Prepares the team for a region of {@code n} threads; called by the master while all workers are idle.
     * Plain writes suffice: the volatile write of each worker's job slot publishes them. Only the work-share
     * slots that the previous region used need a reset (all of them after a failure or a cancelled region,
     * which may have left threads at different constructs): the master's construct count says how many, as
     * every thread of a conforming program meets the same work-sharing constructs. A field that already holds
     * its value is not written: the workers keep their copies of its line, which the region's first barrier and
     * task checks read.
     */
    void start(int n, Region body) {
        long used = broken ? RING : Math.min(members[0].workShareCount, RING);
        for (int i = 0; i < used; i++) {
            ring[i].prepare(i);
        }
        if (broken) {
            broken = false;
        }
        if (nthreads != n) {
            nthreads = n;
        }
        region = body;
        if (failure != null) {
            failure = null;
        }
        if ((long) SINGLE.getVolatile(single, SINGLE_AT) != 0L) {
            SINGLE.setVolatile(single, SINGLE_AT, 0L);
        }
        PENDING.set(this, n - 1);
        if (reductionHeld != 0) {
            REDUCTION.set(this, 0);
        }
        barrier.reset();
        tasks.reset(n);
        boolean cancel = Cancellation.enabled();
        if (cancellable != cancel) {
            cancellable = cancel;
        }
    }

    /** Runs the region as worker {@code me}, then reports to the join. */
    void runWorker(ThreadState me) {
        me.beginRegion();
        me.binding.current = me;
        try {
            region.run();
        } catch (Throwable e) {
            fail(e);
        }
        tasks.finish(me);
        // After this decrement the master may start the next region: touch nothing of the team but members[0],
        // which never changes, and the count of parked members, read (volatile) before the master's flag: it lies
        // in the line this decrement has just fetched, the flag in one the master writes at every construct, and
        // the master raises the count before it re-reads pending (see wakeParked).
        if ((int) PENDING.getAndAdd(this, -1) == 1 && parkedMembers != 0) {
            ThreadState master = members[0];
            if (master.parked) {
                master.unpark();
            }
        }
    }

    /** The master's join: waits until every worker has finished the region. */
    void awaitWorkers(ThreadState master) {
        if (pending == 0) {
            return;
        }
        Backoff b = master.backoff;
        b.begin(nthreads);
        while (pending != 0) {
            if (b.idle()) {
                parking(master);
                if (pending != 0) {
                    LockSupport.park(this);
                }
                unparked(master);
            }
        }
        b.end();
    }

    /**
     * Records a thread's failure and breaks the team: every thread waiting in a barrier or hand-off of the team
     * is woken and leaves with {@link TeamBrokenException}. The first failure wins; later ones are suppressed.
     */
    void fail(Throwable e) {
        if (e == TeamBrokenException.INSTANCE) {
            return;
        }
        synchronized (this) {
            if (failure == null) {
                failure = e;
            } else if (failure != e) {
                failure.addSuppressed(e);
            }
        }
        broken = true;
        wakeParked();
    }

    /** cancel parallel: breaks the team without a failure, so the region ends normally (see {@link Cancellation}). */
    void cancel() {
        broken = true;
        wakeParked();
    }

    /** The failure of the region just joined, or null. */
    synchronized Throwable failure() {
        return failure;
    }

    /** Throws {@link TeamBrokenException} if another thread of the team has failed. */
    void checkBroken() {
        if (broken) {
            throw TeamBrokenException.INSTANCE;
        }
    }

    /** libgomp's single trick: the thread whose count matches the team's wins the CAS that advances it. */
    boolean claimSingle(long mine) {
        return (long) SINGLE.getVolatile(single, SINGLE_AT) == mine
                && SINGLE.compareAndSet(single, SINGLE_AT, mine, mine + 1);
    }

    /**
     * Takes the calling thread's next work-share slot; waits while the slot still serves a construct
     * {@link #RING} constructs back that some thread has not left yet.
     */
    WorkShare workShare(ThreadState self) {
        long index = self.workShareCount++;
        WorkShare ws = ring[(int) index & (RING - 1)];
        if (ws.index() != index) {
            Backoff b = self.backoff;
            b.begin(nthreads);
            while (ws.index() != index) {
                checkBroken();
                if (b.idle()) {
                    parking(self);
                    if (ws.index() != index && !broken) {
                        LockSupport.park(this);
                    }
                    unparked(self);
                }
            }
            b.end();
        }
        return ws;
    }

    /** The team's reduction lock: a spin lock, since each thread holds it only to combine one value. */
    void reductionLock(ThreadState self) {
        if (REDUCTION.compareAndSet(this, 0, 1)) {
            return;
        }
        Backoff b = self.backoff;
        b.begin(nthreads);
        do {
            checkBroken();
            if (b.idle()) {
                parking(self);
                if (reductionHeld != 0 && !broken) {
                    LockSupport.park(this);
                }
                unparked(self);
            }
        } while (reductionHeld != 0 || !REDUCTION.compareAndSet(this, 0, 1));
        b.end();
    }

    void reductionUnlock() {
        reductionHeld = 0;
        wakeParked();
    }

    /**
     * A member announces that it parks in a wait of the team: it then re-reads its condition, and parks only if
     * that is still false. A worker idle between regions announces its park beside its job slot instead
     * ({@link TeamThread}).
     */
    void parking(ThreadState member) {
        member.parked = true;
        PARKED.getAndAdd(this, 1);
    }

    /** The member has returned from the park that {@link #parking} announced. */
    void unparked(ThreadState member) {
        PARKED.getAndAdd(this, -1);
        member.parked = false;
    }

    /** Whether a thread of the team other than {@code self} is parked or being woken. */
    boolean mateParked(ThreadState self) {
        if (parkedMembers == 0) {
            return false;
        }
        ThreadState[] m = members;
        for (int i = 0, n = nthreads; i < n; i++) {
            if (m[i].parked && m[i] != self) {
                return true;
            }
        }
        return false;
    }

    /**
     * Unparks the team's threads that announced they park. Every wait of the team follows the same protocol:
     * the waiter sets its {@code parked} flag, re-reads its condition, then parks; the thread that makes a
     * condition true writes it, then calls this. Both sides use volatile accesses, which are sequentially
     * consistent, so either the waiter sees the condition or the waker sees the flag (Dekker's argument).
     * A thread woken for another wait re-checks its own condition and parks again. The count is raised after
     * the flag and read before the flags, with the same argument.
     */
    void wakeParked() {
        if (parkedMembers == 0) {
            return;
        }
        ThreadState[] m = members;
        for (int i = 0, n = nthreads; i < n; i++) {
            if (m[i].parked) {
                m[i].unpark();
            }
        }
    }
}
