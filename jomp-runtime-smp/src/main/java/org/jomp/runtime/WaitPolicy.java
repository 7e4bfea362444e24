package org.jomp.runtime;

/**
 * How long an idle thread (a worker between regions, a thread in a barrier) keeps the CPU before it parks,
 * set by {@code OMP_WAIT_POLICY}. Waking a parked thread costs several microseconds, a spinning hand-off a
 * tenth of one: spinning wins while the wait is short, parking once the wait is long or the cores are
 * oversubscribed. Every policy first spins ({@link Thread#onSpinWait}), then parks; see {@link Backoff} for
 * the waits that yield in between.
 */
public enum WaitPolicy {
    /** OMP_WAIT_POLICY=active: spin for up to 100 us and yield up to 200 ms in all before parking, always. */
    ACTIVE(100_000, 200_000_000L, false),
    /**
     * No OMP_WAIT_POLICY: spin for up to 50 us, then park; the budget adapts between zero and that limit to how
     * the waits turn out (see {@link IdleBudget}). Spinning longer than a park and wake-up costs cannot win back
     * more than it risks (the competitive bound of spin-then-block), and on a loaded machine it only steals the
     * core from the thread being waited for.
     */
    DEFAULT(50_000, 50_000L, true),
    /** OMP_WAIT_POLICY=passive: park at once. */
    PASSIVE(0, 0L, false);

    /** Nanoseconds of pure spinning before the thread starts to yield. */
    final long spinNanos;
    /** Nanoseconds of spinning and yielding in total before the thread parks. */
    final long idleNanos;
    /** Whether the budget adapts to the waits (see {@link IdleBudget}) or stays at {@link #idleNanos}. */
    final boolean adaptive;

    WaitPolicy(long spinNanos, long idleNanos, boolean adaptive) {
        this.spinNanos = spinNanos;
        this.idleNanos = idleNanos;
        this.adaptive = adaptive;
    }
}
