package org.jomp.runtime;

/**
 * The idle strategy of one thread's wait loops: spin with {@link Thread#onSpinWait}, then yield, then tell the
 * caller to park, with budgets from the {@link WaitPolicy}. One instance per thread state, reset at the start
 * of each wait, so waiting allocates nothing. The clock is read only every 128 spins.
 *
 * <p>When the team has more threads than the machine has cores, the thread being waited for may not be
 * running at all: pure spinning then only burns its time slice, so the spin phase is cut to a couple of
 * microseconds and the thread starts yielding early.
 */
final class Backoff {

    private static final long OVERSUBSCRIBED_SPIN_NANOS = 2_000L;

    private int spins;
    private boolean yielding;
    private long start;
    private long spinNanos;
    private long idleNanos;

    /** Starts a new wait for a team of {@code teamSize} threads. */
    void begin(int teamSize) {
        WaitPolicy policy = Env.currentWaitPolicy();
        spins = 0;
        yielding = false;
        start = 0L;
        idleNanos = policy.idleNanos;
        spinNanos = teamSize > Env.NUM_PROCS ? Math.min(policy.spinNanos, OVERSUBSCRIBED_SPIN_NANOS) : policy.spinNanos;
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
        if (System.nanoTime() - start >= idleNanos) {
            return true;
        }
        Thread.yield();
        return false;
    }
}
