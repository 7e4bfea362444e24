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

    /** A work-sharing loop over {@code lo, lo+step, ...} up to {@code hi}; flags: {@link Loop#ORDERED}, {@link Loop#INCLUSIVE}. */
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

    // ---- queries --------------------------------------------------------------------------------------------

    /** The calling thread's number in its team, 0 for the master ({@code omp_get_thread_num}). */
    public static int threadNum() {
        return Binding.state().threadNum;
    }

    /** The size of the calling thread's team ({@code omp_get_num_threads}). */
    public static int numThreads() {
        return Binding.state().team.nthreads;
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

    /** Whether cancellation is enabled ({@code OMP_CANCELLATION}). */
    public static boolean cancellation() {
        return Env.global().cancellation();
    }
}
