package org.jomp.runtime;

import java.util.function.LongSupplier;

/**
 * The idle strategy of one thread's wait loops: spin with {@link Thread#onSpinWait}, then yield, then tell the
 * caller to park. One instance per thread state, reset at the start of each wait, so waiting allocates
 * nothing; the clock is read only every 128 spins, and once more at the end of a wait that parked.
 *
 * <p>How long to spin before parking is the {@link IdleBudget}'s decision, fed with what each wait turned out
 * to be: ended while spinning, while yielding, or parked (and, when a waker stamped its unpark through
 * {@link #stampWake}, the cost of the wake-up). A budget of zero (OMP_WAIT_POLICY=passive, or the adaptive
 * budget's park mode) parks at the first idle step.
 *
 * <p>A wait for a team-mate that is itself parked or being woken (an ordered loop's strict alternation, where the
 * thread holding the token may have parked for its own turn) spins through that wake-up before it spends its
 * budget ({@link #idle(boolean)}). Parking instead would make the team-mate's next wait as long as this thread's
 * own wake-up, longer than its budget, and so on: a chain in which every hand-off costs a wake-up (20-90 us
 * measured on the 2-core KVM guest, against the default policy's 50 us of spinning).
 *
 * <p>Only two kinds of wait yield: OMP_WAIT_POLICY=active after its long spin, and a team that alone has more
 * threads than the machine has cores, whose spin phase is cut to a couple of microseconds because the thread
 * being waited for may need this very core. Elsewhere a yield on a loaded machine hands the core to another
 * process for a time slice (measured: regions of 32 us instead of 21 when waits yielded).
 *
 * <p>A pending interrupt would make every park return at once and turn the wait into a busy loop, so the
 * interrupt status is cleared just before the thread parks and given back by {@link #end} (or, for a wait that
 * ended by exception without it, by the thread's next {@link #begin}): waits are not interruptible, as in
 * OpenMP, and the program's code still sees its interrupt afterwards.
 */
final class Backoff {

    private static final long OVERSUBSCRIBED_SPIN_NANOS = 2_000L;

    /** System::nanoTime in the runtime; tests drive a fake clock. */
    private final LongSupplier clock;
    private WaitPolicy policy;
    private IdleBudget budget;

    /** A wait has begun and its outcome is not yet given to the budget. */
    private boolean open;
    private boolean parked;
    private boolean yielding;
    private boolean interrupted;
    private int spins;
    private long start;
    private long spinNanos;
    private long idleNanos;
    private long parkedAt;
    /** This wait may still spin through a team-mate's wake-up: its budget is not zero, its team not too large. */
    private boolean outwaiting;
    private int wakeSpins;
    private long wakeStart;
    /** When a waker last unparked this thread (clock time), for the wake-up cost. */
    private volatile long wokenAt;

    Backoff() {
        this(System::nanoTime);
    }

    Backoff(LongSupplier clock) {
        this.clock = clock;
    }

    /** Starts a new wait for a team of {@code teamSize} threads. */
    void begin(int teamSize) {
        end();
        WaitPolicy p = Env.currentWaitPolicy();
        if (p != policy) {
            policy = p;
            budget = new IdleBudget(p);
        }
        IdleBudget ib = budget;
        open = true;
        parked = false;
        spins = 0;
        idleNanos = ib.budget();
        spinNanos = ib.spinNanos(teamSize > Env.NUM_PROCS ? OVERSUBSCRIBED_SPIN_NANOS : Long.MAX_VALUE);
        yielding = idleNanos == 0L;
        start = 0L;
        outwaiting = !yielding && teamSize <= Env.NUM_PROCS;
        wakeSpins = 0;
    }

    /**
     * One idle step of a wait that a team-mate's wake-up may hold up: while {@code mateWaking}, the step spins
     * without spending the budget, for as long again as the wait's spin (at most
     * {@link IdleBudget#MAX_WAKE_SAMPLE_NANOS}, the longest pause the budget counts as a wake-up), so that a budget
     * that load has cut cuts this too; otherwise, and in park mode, OMP_WAIT_POLICY=passive or a team larger than
     * the machine, it is {@link #idle()}. A wait that ends here has ended while spinning.
     */
    boolean idle(boolean mateWaking) {
        if (!mateWaking || !outwaiting) {
            return idle();
        }
        Thread.onSpinWait();
        int s = ++wakeSpins;
        if ((s & 127) == 0) {
            long now = clock.getAsLong();
            if (s == 128) {
                wakeStart = now;
            } else if (now - wakeStart >= Math.min(spinNanos, IdleBudget.MAX_WAKE_SAMPLE_NANOS)) {
                outwaiting = false;
            }
        }
        return false;
    }

    /** One idle step; returns true when the spin and yield budget is spent and the caller should park. */
    boolean idle() {
        int s = ++spins;
        if (!yielding) {
            Thread.onSpinWait();
            if ((s & 127) == 0) {
                long now = clock.getAsLong();
                if (s == 128) {
                    start = now;
                } else if (now - start >= spinNanos) {
                    yielding = true;
                }
            }
            return false;
        }
        if (idleNanos == 0L || clock.getAsLong() - start >= idleNanos) {
            if (!parked) {
                parked = true;
                outwaiting = false;
                parkedAt = clock.getAsLong();
            }
            if (Thread.interrupted()) {
                interrupted = true;
            }
            return true;
        }
        Thread.yield();
        return false;
    }

    /**
     * Whether this thread's next wait spins before it parks: not in the adaptive budget's park mode, nor under
     * OMP_WAIT_POLICY=passive.
     */
    boolean spinsFirst() {
        WaitPolicy p = Env.currentWaitPolicy();
        return p == policy ? budget.budget() > 0L : p != WaitPolicy.PASSIVE;
    }

    /** Called by a waker just before it unparks this thread, so that the wait can measure its wake-up. */
    void stampWake() {
        wokenAt = clock.getAsLong();
    }

    /** Ends a wait: gives its outcome to the budget and restores the interrupt status that parking had to clear. */
    void end() {
        settle();
        if (interrupted) {
            interrupted = false;
            Thread.currentThread().interrupt();
        }
    }

    /** Ends a wait whose interrupt, if any, nobody should see (an idle worker between regions). */
    void endDiscardingInterrupt() {
        settle();
        interrupted = false;
    }

    /** The budget of this thread's next wait, in nanoseconds (for tests and diagnostics). */
    long budgetNanos() {
        return budget == null ? -1L : budget.budget();
    }

    /** The wake-up cost this thread has measured, in nanoseconds (for tests and diagnostics). */
    long wakeNanos() {
        return budget == null ? -1L : budget.wakeNanos();
    }

    private void settle() {
        if (!open) {
            return;
        }
        open = false;
        IdleBudget ib = budget;
        if (!parked) {
            if (yielding) {
                ib.yielded();
            } else {
                ib.spun();
            }
            return;
        }
        long now = clock.getAsLong();
        long woken = wokenAt;
        if (woken - parkedAt >= 0 && now - woken >= 0) {
            ib.wokeAfter(now - woken);
        }
        ib.parked();
    }
}
