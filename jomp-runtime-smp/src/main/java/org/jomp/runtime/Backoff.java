package org.jomp.runtime;

/**
 * The idle strategy of one thread's wait loops: spin with {@link Thread#onSpinWait}, then yield, then tell the
 * caller to park. One instance per thread state, reset at the start of each wait, so waiting allocates
 * nothing; the clock is read only every 128 spins.
 *
 * <p>The idle budget adapts, as adaptive mutexes do: a wait that had to park halves the thread's budget, a
 * wait that ended while still spinning grows it by an eighth, between {@value #MIN_BUDGET_NANOS} ns and the
 * {@link WaitPolicy}'s limit; a wait that ended while yielding leaves it alone. Shrinking fast and growing
 * slowly makes the budget collapse as soon as a fair share of waits park. On a quiet machine waits end within
 * the spin and the budget stays at the limit; on an oversubscribed one (more runnable threads than cores, from
 * this program or others) the thread being waited for is often descheduled, spinning only steals its CPU, and
 * the budget shrinks until threads park almost at once, which hands the core to the thread that must run.
 *
 * <p>When the team alone has more threads than the machine has cores, the pure spin phase is cut to a couple of
 * microseconds for the same reason.
 *
 * <p>A pending interrupt would make every park return at once and turn the wait into a busy loop, so the
 * interrupt status is cleared just before the thread parks and given back by {@link #end} (or, for a wait that
 * ended by exception without it, by the thread's next {@link #begin}): waits are not interruptible, as in
 * OpenMP, and the program's code still sees its interrupt afterwards.
 */
final class Backoff {

    static final long MIN_BUDGET_NANOS = 2_000L;
    private static final long OVERSUBSCRIBED_SPIN_NANOS = 2_000L;

    private WaitPolicy policy;
    private long budget;
    private boolean waited;
    private boolean parked;
    private boolean interrupted;

    private int spins;
    private boolean yielding;
    private long start;
    private long spinNanos;

    /** Starts a new wait for a team of {@code teamSize} threads. */
    void begin(int teamSize) {
        end();
        WaitPolicy p = Env.currentWaitPolicy();
        if (p != policy) {
            policy = p;
            budget = p.idleNanos;
        } else if (waited) {
            if (parked) {
                budget = Math.max(budget >> 1, MIN_BUDGET_NANOS);
            } else if (!yielding) {
                budget = Math.min(budget + (budget >> 3) + 1, p.idleNanos);
            }
        }
        waited = true;
        parked = false;
        spins = 0;
        yielding = false;
        start = 0L;
        long spin = teamSize > Env.NUM_PROCS ? Math.min(p.spinNanos, OVERSUBSCRIBED_SPIN_NANOS) : p.spinNanos;
        spinNanos = Math.min(spin, budget);
    }

    /** One idle step; returns true when the spin and yield budget is spent and the caller should park. */
    boolean idle() {
        int s = ++spins;
        if (!yielding) {
            Thread.onSpinWait();
            if ((s & 127) == 0) {
                long now = System.nanoTime();
                if (s == 128) {
                    start = now;
                } else if (now - start >= spinNanos) {
                    yielding = true;
                }
            }
            return false;
        }
        if (System.nanoTime() - start >= budget) {
            parked = true;
            if (Thread.interrupted()) {
                interrupted = true;
            }
            return true;
        }
        Thread.yield();
        return false;
    }

    /** Ends a wait: restores the interrupt status that parking had to clear. */
    void end() {
        if (interrupted) {
            interrupted = false;
            Thread.currentThread().interrupt();
        }
    }

    /** Ends a wait whose interrupt, if any, nobody should see (an idle worker between regions). */
    void endDiscardingInterrupt() {
        interrupted = false;
    }
}
