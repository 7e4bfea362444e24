package org.jomp.msg.transport;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * How long a waiting rank spins and yields before it parks. Spinning only pays while the thread being waited for
 * has a core of its own: with more runnable rank threads than cores, or on a machine whose load exceeds its cores,
 * a spinner steals the very core it waits on, so the spin phase shrinks to a token and yielding takes over.
 * Between those, the spin budget adapts as HotSpot's adaptive spinning for monitors does: it doubles after a wait
 * that ended while spinning and halves after one that did not, so when other processes load the machine (partners
 * often descheduled) waiters soon stop burning the cores their partners need. The budget is shared and updated
 * without synchronisation: a lost update only delays the adaptation.
 */
public final class WaitPolicy {
    private static final int CORES = Runtime.getRuntime().availableProcessors();
    private static final int SPINS = Integer.getInteger("jomp.msg.spins", 20_000);
    private static final int YIELDS = Integer.getInteger("jomp.msg.yields", 200);
    static final int MIN_SPINS = 64;
    /**
     * The first phase's spins when ranks outnumber cores ({@link #firstSpins}): a spinner then holds a core its
     * partner needs. On the Intel host 4 thread ranks on 2 cores took 1.2-1.3 µs a barrier with 8 (or 16) against
     * 3.2-3.7 with 64, 1.6 with 0 or 2 (docs/benchmarks-msg-log.md, 1 December 2026).
     */
    private static final int CROWDED_SPINS = Integer.getInteger("jomp.msg.crowdedSpins", 8);
    static final int NEAR_YIELDS = 4;
    private static final AtomicInteger ACTIVE_RANKS = new AtomicInteger();
    /**
     * The launcher's word that this JVM's job runs more ranks on the machine than it has cores
     * ({@code -Djomp.msg.crowded}, which jomprun sets): the ranks of other JVMs then compete for these cores too,
     * which neither this JVM's rank count nor, at first, the load average shows.
     */
    private static final boolean CROWDED_JOB = Boolean.getBoolean("jomp.msg.crowded");
    private static volatile int spinBudget = SPINS;
    private static final OperatingSystemMXBean OS = ManagementFactory.getOperatingSystemMXBean();
    /** Per core; a large value turns the load check off (to measure as on a quiet machine). */
    private static final double BUSY_LOAD_PER_CORE = busyLoad(System.getProperty("jomp.msg.busyLoad", "1.5"));
    private static final long LOAD_CHECK_NANOS = 1_000_000_000L;
    private static volatile long loadCheckedAt = System.nanoTime() - 2 * LOAD_CHECK_NANOS;
    private static volatile boolean busy;
    /** A yield at least this long lost the core for a time slice ({@link #yielded}). */
    static final long LONG_YIELD_NANOS = 800_000;
    /** How long after such a yield waits through a transport do not yield. */
    static final long NO_YIELD_NANOS = 20_000_000;
    private static volatile long yieldsResumeAt = System.nanoTime();

    private WaitPolicy() {
    }

    static double busyLoad(String value) {
        try {
            double v = Double.parseDouble(value);
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("-Djomp.msg.busyLoad=" + value + ": expected a positive load per core");
    }

    /** Registers {@code n} rank threads that now run in this JVM (negative to unregister). */
    public static void ranksStarted(int n) {
        ACTIVE_RANKS.addAndGet(n);
    }

    /** Whether jomprun said this JVM's job runs more ranks than the machine has cores ({@code -Djomp.msg.crowded}). */
    public static boolean crowdedJob() {
        return CROWDED_JOB;
    }

    /**
     * True when the thread waited for is unlikely to have a core of its own: the job runs more ranks than the
     * machine's cores ({@link #CROWDED_JOB}), this JVM runs more rank threads than it has cores, or the machine as a
     * whole is busier than its cores ({@link #machineBusy()}: other processes). Without the first, 8 socket ranks
     * started on 2 idle cores spun between their polls until the load average, a minute's mean, had caught up:
     * barrier loops read 393-604 us a call against 187-373 with the waits yielding from the start (3 alternated
     * pairs, 26 November 2026).
     */
    public static boolean oversubscribed() {
        return ranksOutnumberCores() || machineBusy();
    }

    /** The job runs more ranks than the machine's cores, or this JVM more rank threads than it has cores. */
    public static boolean ranksOutnumberCores() {
        return CROWDED_JOB || ACTIVE_RANKS.get() > CORES;
    }

    /**
     * True while the system load average exceeds {@link #BUSY_LOAD_PER_CORE} ({@code -Djomp.msg.busyLoad}, default
     * 1.5) per core, read at most once a second.
     * A job's own spinning ranks count in the load, hence a threshold above one per core: two spinning ranks on
     * two idle cores are not "busy", the same ranks among a dozen runnable threads are. The cores are this JVM's:
     * a JVM bound to one core reads busy from a load of 1.5, so its socket waits yield between polls (its JIT,
     * collector and reader threads have no other core). Dividing by the machine's CPUs instead, so that they spin,
     * made msgbench's 1-byte socket latency between two bound JVMs 26.0, 22.3 and 10.7 µs against 11.8, 12.5 and
     * 9.5 (three alternated pairs).
     */
    static boolean machineBusy() {
        long now = System.nanoTime();
        if (now - loadCheckedAt > LOAD_CHECK_NANOS) {
            loadCheckedAt = now;
            busy = OS.getSystemLoadAverage() > BUSY_LOAD_PER_CORE * CORES;
        }
        return busy;
    }

    /**
     * A yield of a wait through a transport that lasted {@code nanos}, ending at {@code now} ({@link
     * System#nanoTime()}); returns whether yielding still pays. A rank that has a core for itself (the job does not
     * run more ranks than cores, nor this JVM more rank threads) yields between its polls so that its JVM's other
     * threads, its readers and pump, get the core at once when they need it; with nothing else runnable a yield
     * returns at once. One that lasted {@value #LONG_YIELD_NANOS} ns or more handed the core to a thread that kept it
     * for a time slice, most likely the JIT compiler, and every later yield costs as much until that thread is done:
     * in loops of 1 MiB allgathers between two rank JVMs bound to a core each, stretches of 0.2-0.5 s read 1.5-3.9 ms
     * a call against 0.4-0.6 ms between them, each yield taking 1.2-1.4 ms while the C2 compiler thread had about
     * 70 % of the core ({@code /proc} thread times). So for the next {@value #NO_YIELD_NANOS} ns such waits do not
     * yield: they spin briefly and block in the transport, which wakes them when their data comes, and the other
     * thread has the core meanwhile (docs/benchmarks-msg-log.md: at most one 25-call stretch above 1.5 ms in each 8 s
     * loop of 1 MiB allgathers or allreduces since, against 2-13 before). In a crowded job the thread that took the
     * core is more likely a partner rank, which is what the yield is for.
     */
    static boolean yielded(long nanos, long now) {
        if (nanos < LONG_YIELD_NANOS || ranksOutnumberCores()) {
            return true;
        }
        yieldsResumeAt = now + NO_YIELD_NANOS;
        return false;
    }

    /** Whether a wait through a transport that starts at {@code now} may yield ({@link #yielded}). */
    static boolean yieldsPay(long now) {
        return now - yieldsResumeAt >= 0;
    }

    /**
     * The spins of a wait's first phase, which reads no clock: {@value #MIN_SPINS}, or {@code
     * -Djomp.msg.crowdedSpins} (default 8) when ranks outnumber cores ({@link #ranksOutnumberCores}).
     */
    public static int firstSpins() {
        return ranksOutnumberCores() ? CROWDED_SPINS : MIN_SPINS;
    }

    static int spins() {
        return oversubscribed() ? MIN_SPINS : spinBudget;
    }

    /** A wait ended within its spin phase: spinning is worth more. */
    static void spinSucceeded() {
        int b = spinBudget;
        if (b < SPINS) {
            spinBudget = Math.min(SPINS, 2 * b);
        }
    }

    /**
     * A wait that ended in the yield phase after {@code yields} yields: within the first {@value #NEAR_YIELDS}, the
     * partner came just after the spin phase (a yield returns at once while cores are idle, and under load the
     * budget is not used), so more spinning would have caught it; later, spinning is worth less. Without the first
     * case a budget at its floor could never grow again: a wait ends either within the floor's spins, which teaches
     * nothing, or in the yield phase.
     */
    static void endedInYields(int yields) {
        if (yields < NEAR_YIELDS) {
            spinSucceeded();
        } else {
            spinFailed();
        }
    }

    /** A wait outlasted its spin phase: spinning is worth less. */
    static void spinFailed() {
        int b = spinBudget;
        if (b > MIN_SPINS) {
            spinBudget = Math.max(MIN_SPINS, b / 2);
        }
    }

    static int yields() {
        return oversubscribed() ? YIELDS * 10 : YIELDS;
    }

    /**
     * The fast phases of waiting for {@code counter[index] >= target}: spins, then yields (checking {@code engine}
     * for a failed peer). Returns whether the target was reached; if not, the caller sleeps in slices of
     * {@link #sleepSlice} with its own checks (nobody unparks a counter waiter).
     */
    public static boolean spinUntil(AtomicLongArray counter, int index, long target, MatchingEngine engine) {
        return spinUntilAll(counter, index, 1, 1, target, engine) == 1;
    }

    /**
     * The fast phases of waiting until the {@code n} counters {@code counter[first + k * stride]} all reach
     * {@code target}, in one spin phase and one yield phase for all (a wait per counter would spin once per
     * counter not yet there, on a machine where the spinner holds a core its partners need). Returns how many
     * counters, from the first, had reached it: {@code n} if all.
     */
    public static int spinUntilAll(AtomicLongArray counter, int first, int stride, int n, long target,
                                   MatchingEngine engine) {
        int k = reached(counter, first, stride, n, 0, target);
        // As in Completion: the first spins read no clock (spins() may), since most waits end within them.
        for (int i = firstSpins(); i > 0 && k < n; i--) {
            Thread.onSpinWait();
            k = reached(counter, first, stride, n, k, target);
        }
        if (k == n) {
            return n;
        }
        for (int i = spins() - MIN_SPINS; i > 0; i--) {
            Thread.onSpinWait();
            k = reached(counter, first, stride, n, k, target);
            if (k == n) {
                spinSucceeded();
                return n;
            }
        }
        for (int i = 0, yields = yields(); i < yields; i++) {
            engine.checkFailure();
            Thread.yield();
            k = reached(counter, first, stride, n, k, target);
            if (k == n) {
                endedInYields(i);
                return n;
            }
        }
        spinFailed();
        return k;
    }

    /** The number of counters, from the first, at {@code target} or beyond; the first {@code k} are known to be. */
    private static int reached(AtomicLongArray counter, int first, int stride, int n, int k, long target) {
        while (k < n && counter.getAcquire(first + k * stride) >= target) {
            k++;
        }
        return k;
    }

    /** The current spin budget, for tests. */
    static int budget() {
        return spinBudget;
    }

    /** The first sleep slice of a counter waiter past its fast phases ({@link #sleepSlice}). */
    static final long PARK_NANOS = 20_000;
    /** The longest sleep slice of a counter waiter ({@link #sleepSlice}). */
    static final long MAX_PARK_NANOS = 1_000_000;

    /**
     * How long a counter waiter, which nobody unparks, sleeps next when it has waited {@code waitedNanos} so far:
     * {@value #PARK_NANOS} ns at first, then an eighth of the wait, up to {@value #MAX_PARK_NANOS} ns. So it sees
     * its counter at most an eighth of its wait late, and a rank that waits long (one left out of a ping-pong, in a
     * barrier) wakes at most a thousand times a second, not fifty thousand: in a 4-rank hybrid job (two JVMs of 2
     * ranks on 2 cores) each such wake-up took the core from a rank of the ping-pong, whose 1-byte round trips read
     * 7.2 and 9.8 µs one way with 20 µs slices and 6.3 and 6.0 with these (docs/benchmarks-msg-log.md).
     */
    public static long sleepSlice(long waitedNanos) {
        return Math.min(MAX_PARK_NANOS, Math.max(PARK_NANOS, waitedNanos / 8));
    }
}
