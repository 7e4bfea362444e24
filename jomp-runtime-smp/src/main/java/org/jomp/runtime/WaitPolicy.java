package org.jomp.runtime;

/**
 * How long an idle thread (a worker between regions, a thread in a barrier) keeps the CPU before it parks,
 * set by {@code OMP_WAIT_POLICY}. Waking a parked thread costs several microseconds, a spinning hand-off a
 * tenth of one: spinning wins while the wait is short, parking once the wait is long or the cores are
 * oversubscribed. Every policy first spins ({@link Thread#onSpinWait}), then yields, then parks.
 */
public enum WaitPolicy {
    /** OMP_WAIT_POLICY=active: spin for up to 100 us and yield up to 200 ms in all before parking. */
    ACTIVE(100_000, 200_000_000L),
    /**
     * No OMP_WAIT_POLICY: spin for up to 10 us and yield up to 50 us in all, then park. Spinning longer than a
     * park and wake-up costs cannot win back more than it risks (the competitive bound of spin-then-block), and
     * on a loaded machine it only steals the core from the thread being waited for.
     */
    DEFAULT(10_000, 50_000L),
    /** OMP_WAIT_POLICY=passive: park almost at once. */
    PASSIVE(0, 0L);

    /** Nanoseconds of pure spinning before the thread starts to yield. */
    final long spinNanos;
    /** Nanoseconds of spinning and yielding in total before the thread parks. */
    final long idleNanos;

    WaitPolicy(long spinNanos, long idleNanos) {
        this.spinNanos = spinNanos;
        this.idleNanos = idleNanos;
    }
}
