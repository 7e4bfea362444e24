package org.jomp.runtime;

/**
 * How long an idle thread (a worker between regions, a thread in a barrier) keeps the CPU before it parks,
 * set by {@code OMP_WAIT_POLICY}. Waking a parked thread costs several microseconds, a spinning hand-off a
 * tenth of one: spinning wins while the wait is short, parking once the wait is long or the cores are
 * oversubscribed. Every policy first spins ({@link Thread#onSpinWait}), then yields, then parks.
 */
public enum WaitPolicy {
    /** OMP_WAIT_POLICY=active: spin and yield for up to 200 ms before parking. */
    ACTIVE(50_000, 200_000_000L),
    /** No OMP_WAIT_POLICY: spin and yield for up to 1 ms, then park. */
    DEFAULT(20_000, 1_000_000L),
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
