package org.jomp.runtime;

/**
 * How long one thread spins in its next wait before it parks: the adaptive part of {@link Backoff}, kept free of
 * clocks and threads so that its decisions can be tested with made-up measurements.
 *
 * <p>Spinning pays only while the thread being waited for is running. On a quiet machine it is, waits end within
 * a microsecond, and the budget stays at the {@link WaitPolicy}'s limit. On a loaded one it often is not, and
 * then every spin before a park costs twice: the spin itself, and a dearer wake-up, because the thread woken last
 * cannot take over the waker's core while the waker spins (measured on the 2-core development machine at load
 * 10-13: regions of 6-8 us when both sides park at once, 21 us after a 2 us spin, 32 us after a 10 us spin).
 * So the budget may fall to zero, "park mode", and from there it must find its way back by itself:
 * <ul>
 *   <li>a wait that ended while spinning doubles the budget (at least to a probe's length);</li>
 *   <li>a wait that spun and still had to park halves it, to zero once it would be below
 *       {@value #MIN_SPIN_NANOS} ns;</li>
 *   <li>in park mode every {@code gap}-th wait is a probe that spins for two measured wake-ups (the waker stamps
 *       the time it unparks, the woken thread reads it; {@value #INITIAL_WAKE_NANOS} ns until measured), long
 *       enough to catch a partner that is itself being woken. A probe that succeeds leaves park mode; one that
 *       fails doubles the gap, up to {@value #MAX_GAP} waits, so a loaded machine pays for a probe rarely while
 *       a machine whose load has gone recovers within that many waits;</li>
 *   <li>a wait that ended while yielding (only a team larger than the machine yields) leaves the budget alone.</li>
 * </ul>
 * A program that goes idle parks within one budget, at most the policy's limit, and its long waits halve the
 * budget. The fixed policies do not adapt: OMP_WAIT_POLICY=active keeps its long budget, passive parks at once.
 */
final class IdleBudget {

    /** The assumed cost of a park and wake-up until this thread has measured one. */
    static final long INITIAL_WAKE_NANOS = 10_000L;
    /** A budget that would fall below this becomes zero: so short a spin catches almost nothing. */
    static final long MIN_SPIN_NANOS = 5_000L;
    /** The shortest probe. */
    static final long MIN_PROBE_NANOS = 10_000L;
    /** Longer wake-up samples are cut to this: a thread descheduled for a time slice says nothing of wake-ups. */
    static final long MAX_WAKE_SAMPLE_NANOS = 100_000L;
    /** The first probe comes this many waits into park mode. */
    static final int MIN_GAP = 4;
    /** Failed probes space the next ones out up to this many waits. */
    static final int MAX_GAP = 256;

    private final long limit;
    private final long spinLimit;
    private final boolean adaptive;
    private long budget;
    private long wakeNanos = INITIAL_WAKE_NANOS;
    private int gap = MIN_GAP;
    private int parkedWaits;
    private boolean probing;

    IdleBudget(WaitPolicy policy) {
        this.limit = policy.idleNanos;
        this.spinLimit = policy.spinNanos;
        this.adaptive = policy.adaptive;
        this.budget = limit;
    }

    /** Nanoseconds of spinning and yielding in all before the next wait parks. */
    long budget() {
        return budget;
    }

    /** Nanoseconds of pure spinning in the next wait; {@code cap} bounds it (a team larger than the machine). */
    long spinNanos(long cap) {
        return Math.min(Math.min(spinLimit, cap), budget);
    }

    /** The measured cost of a park and wake-up (moving average), in nanoseconds. */
    long wakeNanos() {
        return wakeNanos;
    }

    /** How many waits in park mode come between probes now. */
    int gap() {
        return gap;
    }

    /** The spin of a probe: two wake-ups, within the policy's limit. */
    long probeNanos() {
        return Math.min(limit, Math.max(MIN_PROBE_NANOS, 2 * wakeNanos));
    }

    /** The last wait ended while spinning. */
    void spun() {
        if (!adaptive) {
            return;
        }
        probing = false;
        gap = MIN_GAP;
        budget = Math.min(limit, Math.max(budget << 1, probeNanos()));
    }

    /** The last wait ended while yielding. */
    void yielded() {
        probing = false;
    }

    /** The last wait parked. */
    void parked() {
        if (!adaptive) {
            return;
        }
        if (probing) {
            probing = false;
            gap = Math.min(gap << 1, MAX_GAP);
            budget = 0L;
        } else if (budget > 0L) {
            long half = budget >> 1;
            budget = half < MIN_SPIN_NANOS ? 0L : half;
        }
        if (budget == 0L && ++parkedWaits >= gap) {
            parkedWaits = 0;
            probing = true;
            budget = probeNanos();
        }
    }

    /** One measured wake-up: {@code nanos} from the waker's unpark to the woken thread running again. */
    void wokeAfter(long nanos) {
        long sample = Math.min(Math.max(nanos, 0L), MAX_WAKE_SAMPLE_NANOS);
        wakeNanos += (sample - wakeNanos) >> 2;
    }
}
