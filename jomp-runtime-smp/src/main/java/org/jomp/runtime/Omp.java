package org.jomp.runtime;

import java.lang.invoke.VarHandle;

/**
 * The runtime's entry points: the constructs that translated code calls, and OpenMP's user API
 * ({@code omp_get_thread_num} and friends) in Java naming. Every construct binds at run time to the innermost
 * team of the calling thread; outside any parallel region that is a team of one, and constructs cost nothing
 * but the lookup. See docs/runtime-api.md for the calling conventions.
 */
public final class Omp {

    private Omp() {
    }

    // ---- parallel -------------------------------------------------------------------------------------------

    /** Runs {@code body} on a team of the default size for this nesting level. */
    public static void parallel(Region body) {
        Parallel.run(0, true, body);
    }

    /**
     * Runs {@code body} on a team: {@code numThreads <= 0} means the default size; {@code ifClause == false}
     * means a team of one. The first Throwable of any thread is rethrown here exactly as thrown, the others
     * attached as suppressed.
     */
    public static void parallel(int numThreads, boolean ifClause, Region body) {
        Parallel.run(numThreads, ifClause, body);
    }

    // ---- work sharing ---------------------------------------------------------------------------------------

    /**
     * A work-sharing loop over {@code lo, lo+step, ...} up to {@code hi}; flags: {@link Loop#ORDERED},
     * {@link Loop#INCLUSIVE}.
     */
    public static Loop loop(long lo, long hi, long step, Schedule schedule, int flags) {
        return new Loop(Binding.state(), lo, hi, step, schedule, flags);
    }

    /** Start of an ordered block for the iteration whose loop variable has the value {@code i}. */
    public static void orderedBegin(long i) {
        Ordered.begin(Binding.state(), i);
    }

    public static void orderedEnd() {
        Ordered.end(Binding.state());
    }

    /** A sections construct with {@code count} sections. */
    public static Sections sections(int count) {
        return new Sections(Binding.state(), count);
    }

    /** True in exactly one thread of the team per encounter. */
    public static boolean singleBegin() {
        return Single.begin(Binding.state());
    }

    /** End of a single construct: the implied barrier unless {@code nowait}. */
    public static void singleEnd(boolean nowait) {
        Single.end(Binding.state(), nowait);
    }

    /**
     * Start of a master construct, or of masked with {@code filter(n)} ({@code filter} 0 is master): true in
     * thread {@code filter} of the team, which then calls {@link #masterEnd} when the block ends (in a
     * {@code finally}). No barrier. The pair lets {@link #inWholeTeam} see that one thread runs the block.
     */
    public static boolean masterBegin(int filter) {
        ThreadState s = Binding.state();
        if (s.threadNum != filter) {
            return false;
        }
        s.masterDepth++;
        return true;
    }

    /** End of a master or masked block that {@link #masterBegin} entered. */
    public static void masterEnd() {
        ThreadState s = Binding.state();
        if (s.masterDepth == 0) {
            throw new IllegalStateException("masterEnd without a matching masterBegin");
        }
        s.masterDepth--;
    }

    /**
     * copyprivate: the thread that ran the single passes its values, the others null; every thread returns the
     * executor's array. Implies a barrier.
     */
    public static Object[] copyPrivate(Object[] mine) {
        return CopyPrivate.broadcast(Binding.state(), mine);
    }

    // ---- synchronisation ------------------------------------------------------------------------------------

    public static void barrier() {
        ThreadState s = Binding.state();
        s.team.barrier.await(s);
    }

    /** A full memory fence. */
    public static void flush() {
        VarHandle.fullFence();
    }

    /** The lock of the critical section {@code name} (null or "" for the unnamed one). */
    public static CriticalLock critical(String name) {
        return CriticalLock.named(name);
    }

    /** Takes the team's reduction lock, under which each thread combines its partial result. */
    public static void reductionLock() {
        ThreadState s = Binding.state();
        if (s.team.nthreads > 1) {
            s.team.reductionLock(s);
        }
    }

    public static void reductionUnlock() {
        ThreadState s = Binding.state();
        if (s.team.nthreads > 1) {
            s.team.reductionUnlock();
        }
    }

    // ---- tasks ----------------------------------------------------------------------------------------------

    /** A deferred task without clauses; outside a region, or in a team of one, it runs at once. */
    public static void task(Region body) {
        task(true, false, null, null, body);
    }

    /**
     * A task: {@code ifClause == false} runs it at once in this thread once its dependences are met
     * (undeferred); {@code finalClause} makes every task it creates, and theirs, run at once (included).
     * {@code in} and {@code out} are the depend(in) and depend(out/inout) keys, compared by {@code equals}, which
     * order this task after its earlier siblings; either may be null. An exception thrown by a deferred task ends
     * the region and is rethrown where the region was encountered; an undeferred or included task throws here.
     */
    public static void task(boolean ifClause, boolean finalClause, Object[] in, Object[] out, Region body) {
        try {
            Task.spawn(Binding.state(), ifClause, finalClause, in, out, body);
        } catch (Throwable e) {
            throw Parallel.<RuntimeException>sneaky(e);
        }
    }

    /** Waits until the child tasks of the current task have finished, running tasks meanwhile. */
    public static void taskwait() {
        Task.taskwait(Binding.state());
    }

    /** Runs {@code body}, then waits until every task created in it, and every descendant of those, has finished. */
    public static void taskgroup(Region body) {
        try {
            TaskGroup.run(Binding.state(), body);
        } catch (Throwable e) {
            throw Parallel.<RuntimeException>sneaky(e);
        }
    }

    /**
     * The taskloop construct over {@code lo, lo+step, ...} up to {@code hi} (exclusive): tasks of consecutive
     * iterations, {@code grainsize} iterations or {@code numTasks} tasks (at most one of them positive; both 0:
     * one task per thread), each running {@code body.run(start, end)}, waited for as by a taskgroup.
     */
    public static void taskloop(long lo, long hi, long step, long grainsize, long numTasks, RangeBody body) {
        try {
            TaskLoop.run(Binding.state(), lo, hi, step, grainsize, numTasks, body);
        } catch (Throwable e) {
            throw Parallel.<RuntimeException>sneaky(e);
        }
    }

    // ---- cancellation ---------------------------------------------------------------------------------------

    /**
     * Cancels the innermost construct of {@code kind}. Returns true when cancellation is enabled: the caller then
     * leaves the construct (a region or task by returning, a loop or sections by leaving its loop over chunks);
     * false when it is disabled, and nothing happens.
     *
     * @throws IllegalStateException if the calling thread is not inside a construct of {@code kind}
     */
    public static boolean cancel(Cancel kind) {
        return Cancellation.cancel(Binding.state(), kind);
    }

    /** True when the innermost construct of {@code kind}, or the region, has been cancelled: the caller leaves it. */
    public static boolean cancellationPoint(Cancel kind) {
        return Cancellation.point(Binding.state(), kind);
    }

    /** Sets cancel-var ({@code OMP_CANCELLATION}) for the regions that start from now on. */
    public static void setCancellation(boolean enabled) {
        Cancellation.enable(enabled);
    }

    // ---- queries --------------------------------------------------------------------------------------------

    /** The calling thread's number in its team, 0 for the master ({@code omp_get_thread_num}). */
    public static int threadNum() {
        return Binding.state().threadNum;
    }

    /** The size of the calling thread's team ({@code omp_get_num_threads}). */
    public static int numThreads() {
        return Binding.state().team.nthreads;
    }

    /**
     * True when the calling code is run by every thread of a team of more than one: in a parallel region, and
     * not in a single, master or masked block, a section, an iteration of a work-sharing loop or an explicit task
     * of that team. An orphaned construct that needs the whole team (a barrier around one thread's work, as an
     * orphaned {@code //mpi} collective does) asks this; where it is false, one thread is there and must not wait
     * for the others. Critical and ordered blocks are not seen: they may only hold code without team barriers.
     */
    public static boolean inWholeTeam() {
        ThreadState s = Binding.state();
        return s.team.nthreads > 1 && !s.inSingle && s.masterDepth == 0 && s.sections == null && s.loop == null
                && !Task.inExplicitTask(s);
    }

    /** The team size a parallel region encountered here would get without a num_threads clause. */
    public static int maxThreads() {
        return Binding.state().icv.nthreads;
    }

    public static int numProcs() {
        return Env.NUM_PROCS;
    }

    /** True inside an active parallel region (a team of more than one at some enclosing level). */
    public static boolean inParallel() {
        return Binding.state().team.activeLevel > 0;
    }

    /** The number of enclosing parallel regions, active or not. */
    public static int level() {
        return Binding.state().team.level;
    }

    /** The number of enclosing active parallel regions. */
    public static int activeLevel() {
        return Binding.state().team.activeLevel;
    }

    /** The thread number of the calling thread's ancestor at {@code level}; -1 if there is no such level. */
    public static int ancestorThreadNum(int level) {
        ThreadState s = ancestor(level);
        return s == null ? -1 : s.threadNum;
    }

    /** The team size at {@code level} of the calling thread's ancestors; -1 if there is no such level. */
    public static int teamSize(int level) {
        ThreadState s = ancestor(level);
        return s == null ? -1 : s.team.nthreads;
    }

    private static ThreadState ancestor(int level) {
        ThreadState s = Binding.state();
        if (level < 0 || level > s.team.level) {
            return null;
        }
        while (s.team.level > level) {
            s = s.team.encountering;
        }
        return s;
    }

    /** Wall-clock seconds since an arbitrary fixed origin. */
    public static double wtime() {
        return System.nanoTime() * 1e-9;
    }

    /** The resolution of {@link #wtime}, in seconds. */
    public static double wtick() {
        return 1e-9;
    }

    // ---- settings (ICVs of the calling thread) --------------------------------------------------------------

    /** Team size for the parallel regions this thread encounters next. */
    public static void setNumThreads(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("setNumThreads: numThreads must be positive, got " + n);
        }
        Binding.state().icv.nthreads = n;
    }

    /** The schedule that {@link Schedule#RUNTIME} loops use; RUNTIME itself is not allowed. */
    public static void setSchedule(Schedule schedule) {
        if (schedule == null || schedule.kind() == Schedule.Kind.RUNTIME) {
            throw new IllegalArgumentException("setSchedule: schedule must be static, dynamic, guided or auto, got "
                    + schedule);
        }
        Binding.state().icv.runSchedule = schedule;
    }

    public static Schedule getSchedule() {
        return Binding.state().icv.runSchedule;
    }

    /** Lets the runtime give regions fewer threads than asked (here: no more than the processors). */
    public static void setDynamic(boolean dynamic) {
        Binding.state().icv.dynamic = dynamic;
    }

    public static boolean dynamic() {
        return Binding.state().icv.dynamic;
    }

    /** The number of nested active regions allowed; regions deeper than that run as teams of one. */
    public static void setMaxActiveLevels(int levels) {
        if (levels < 0) {
            throw new IllegalArgumentException("setMaxActiveLevels: levels must not be negative, got " + levels);
        }
        Binding.state().icv.maxActiveLevels = Math.min(levels, Env.SUPPORTED_ACTIVE_LEVELS);
    }

    public static int maxActiveLevels() {
        return Binding.state().icv.maxActiveLevels;
    }

    /** The most threads a contention group may use ({@code OMP_THREAD_LIMIT}). */
    public static int threadLimit() {
        return Env.global().threadLimit();
    }

    /** Whether cancellation is enabled ({@code OMP_CANCELLATION}, or {@link #setCancellation}). */
    public static boolean cancellation() {
        return Cancellation.enabled();
    }
}
