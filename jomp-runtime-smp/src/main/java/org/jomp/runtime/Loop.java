package org.jomp.runtime;

import java.util.concurrent.locks.LockSupport;

/**
 * One thread's view of a work-sharing loop, iterator style as libgomp's {@code GOMP_loop_*_start/next}:
 * {@link #next} claims the calling thread's next chunk, and the user's loop runs over the chunk as a plain loop.
 *
 * <p>Iterations are numbered 0 to count-1; iteration k has the value {@code lo + k * step}. The count is computed
 * in unsigned 64-bit arithmetic, so any int or long range with any step is exact (only the full 2^64-iteration
 * range is rejected). A chunk is the half-open range of iteration numbers {@code [start, end)}; the getters turn
 * it into the loop variable's values, with {@code end} one step past the last value. Wrapping arithmetic makes
 * {@code i != end} terminate even when the last value is {@code MAX_VALUE}.
 *
 * <p>Schedules: static block and static round-robin chunks need no shared state ({@link StaticSchedule});
 * dynamic and guided claim chunks from a work-share slot: a nonmonotonic dynamic loop from ranges the threads
 * steal from each other ({@link StealingSchedule}), a monotonic one and a guided one from a counter
 * ({@link DynamicSchedule}, {@link GuidedSchedule}). A team of one runs the whole range as one chunk.
 *
 * <p>A static loop can also be walked without a call per chunk ({@link #staticChunks}): the thread gets its
 * chunks' places once and steps from chunk to chunk itself, as the inline code gcc generates for libgomp's static
 * schedules does. The translator emits that walk for {@code schedule(static, n)} loops without an ordered clause
 * or a {@code cancel for}.
 *
 * <p>With cancellation enabled ({@link Cancellation}) every loop of a team takes a work-share slot, where
 * {@code cancel for} leaves its mark for all threads; after it {@link #next} hands out no more chunks.
 *
 * <p>Ordered loops pass an ordered token along the chunks in iteration order, as libgomp does: a thread may run
 * the ordered blocks of its chunk once every earlier chunk is finished, and it passes the token on when it is
 * done with its chunk, whether or not its iterations ran an ordered block.
 */
public final class Loop {

    /** The loop has an ordered clause: {@link Omp#orderedBegin} / {@link Omp#orderedEnd} run in iteration order. */
    public static final int ORDERED = 1;
    /** The bound is inclusive: {@code i <= hi} (or {@code i >= hi} for a negative step). */
    public static final int INCLUSIVE = 2;

    /**
     * Polls of the ordered token before a wait starts its backoff: about 1.7 us at the 26 ns a pause takes on
     * the 2-core KVM guest. Only when the wait would spin anyway: not in the idle budget's park mode (at load 11,
     * these polls before every park made an ordered iteration cost 5.5 us instead of 3.5-3.9), not under
     * OMP_WAIT_POLICY=passive, not in a team larger than the machine.
     */
    private static final int HAND_OFF_POLLS = 64;

    private static final int WHOLE = 0;
    private static final int STATIC_BLOCK = 1;
    private static final int STATIC_CHUNK = 2;
    private static final int DYNAMIC = 3;
    private static final int GUIDED = 4;
    private static final int STEAL = 5;

    private final ThreadState self;
    private final long lo;
    private final long step;
    final long count;
    final int nthreads;
    final int threadNum;
    final int chunk;
    private final int kind;
    final WorkShare ws;
    /** Ordered with more than one thread: the token must be passed. */
    private final boolean ordered;
    private final boolean orderedClause;

    /** The current chunk, in iteration numbers: [start, end). */
    long start;
    long end;
    /** Whether the thread has taken its first chunk (static schedules). */
    boolean started;
    private boolean holding;
    /** The walk of {@link #staticChunks}, in the loop variable's values (wrapping). */
    private long span;
    private long stride;
    private long lastEnd;
    /** This thread holds the ordered token for its current chunk (every earlier chunk has passed it on). */
    private boolean hasToken;
    private boolean last;
    private boolean inOrdered;
    private boolean ended;
    private boolean cancelled;

    /*
     * The constructor, next() and end() stay below C2's size limit for inlining hot methods (325 bytes of
     * bytecode), so that translated code, which creates the Loop in the method holding the user's loop, has no call
     * left there but the barrier's. With the constructor a call (it was 365 bytes), C2 on JDK 17 and 25 kept one of
     * red-black SOR's multipliers on the stack inside the unrolled inner loop: a load more per point, 10-20% of
     * the run time. So the checks and the choice of schedule are static methods.
     */
    Loop(ThreadState self, long lo, long hi, long step, Schedule schedule, int flags) {
        check(lo, hi, step, schedule, flags);
        this.self = self;
        this.lo = lo;
        this.step = step;
        this.count = count(lo, hi, step, (flags & INCLUSIVE) != 0);
        Team team = self.team;
        this.nthreads = team.nthreads;
        this.threadNum = self.threadNum;
        if (schedule.kind() == Schedule.Kind.RUNTIME) {
            schedule = self.icv.runSchedule;
        }
        this.kind = kind(schedule, nthreads, flags, count);
        this.chunk = Math.max(schedule.chunk(), 1);
        this.orderedClause = (flags & ORDERED) != 0;
        this.ordered = orderedClause && nthreads > 1;
        this.ws = kind >= DYNAMIC || ordered || kind != WHOLE && team.cancellable
                ? team.workShare(self) : null;
        if (orderedClause) {
            self.orderedLoop = this;
        }
        self.loop = this;
    }

    private static void check(long lo, long hi, long step, Schedule schedule, int flags) {
        if (step == 0) {
            throw new IllegalArgumentException("loop step must not be 0 (loop from " + lo + " to " + hi + ")");
        }
        if (schedule == null) {
            throw new IllegalArgumentException("loop schedule must not be null");
        }
        if ((flags & ~(ORDERED | INCLUSIVE)) != 0) {
            throw new IllegalArgumentException("unknown loop flags " + flags
                    + " (expected Loop.ORDERED | Loop.INCLUSIVE)");
        }
    }

    /**
     * The schedule the loop runs: a dynamic one steals ({@link StealingSchedule}) unless it is monotonic (by its
     * modifier, or an ordered clause, whose token passes in chunk order) or has too many chunks for it.
     */
    private static int kind(Schedule schedule, int nthreads, int flags, long count) {
        if (nthreads == 1) {
            return WHOLE;
        }
        switch (schedule.kind()) {
            case DYNAMIC:
                return (flags & ORDERED) == 0 && !schedule.isMonotonic()
                        && StealingSchedule.fits(count, Math.max(schedule.chunk(), 1)) ? STEAL : DYNAMIC;
            case GUIDED: return GUIDED;
            case STATIC: return schedule.chunk() == 0 ? STATIC_BLOCK : STATIC_CHUNK;
            default: return STATIC_BLOCK;
        }
    }

    /**
     * The number of iterations of {@code lo, lo+step, ...} up to {@code hi}, as an unsigned 64-bit number.
     *
     * @throws IllegalArgumentException if the loop has 2^64 iterations, which no long can count
     */
    static long count(long lo, long hi, long step, boolean inclusive) {
        long span;
        long stride;
        if (step > 0) {
            if (inclusive ? lo > hi : lo >= hi) {
                return 0;
            }
            span = hi - lo;
            stride = step;
        } else {
            if (inclusive ? lo < hi : lo <= hi) {
                return 0;
            }
            span = lo - hi;
            stride = -step; // Long.MIN_VALUE stays itself, which is 2^63 read as unsigned
        }
        if (!inclusive) {
            return Long.divideUnsigned(span - 1, stride) + 1;
        }
        long q = Long.divideUnsigned(span, stride);
        if (q == -1L) {
            throw new IllegalArgumentException("loop from " + lo + " to " + hi + " step " + step
                    + " has 2^64 iterations, more than a long can count");
        }
        return q + 1;
    }

    /** Claims this thread's next chunk; false when the thread has no more iterations. */
    public boolean next() {
        if (holding) {
            holding = false;
            if (ordered) {
                passOrdered();
            }
        }
        if (isCancelled()) {
            return false;
        }
        boolean got;
        switch (kind) {
            case WHOLE:
                got = !started && count != 0;
                started = true;
                start = 0;
                end = count;
                break;
            case STATIC_BLOCK: got = StaticSchedule.block(this); break;
            case STATIC_CHUNK: got = StaticSchedule.roundRobin(this); break;
            case STEAL: got = StealingSchedule.next(this); break;
            case DYNAMIC: got = DynamicSchedule.next(this); break;
            default: got = GuidedSchedule.next(this); break;
        }
        if (got) {
            holding = true;
            if (end == count) {
                last = true;
            }
        }
        return got;
    }

    /**
     * Starts this thread's walk over its chunks of a static loop, instead of {@link #next}: returns how many
     * chunks the thread runs, and makes the current chunk its first one. The thread then steps from chunk to chunk
     * in the loop variable's values, with no call per chunk ({@link #stride}, {@link #span}, {@link #lastEnd}):
     *
     * <pre>
     * long chunks = loop.staticChunks();
     * int from = loop.intStart(), stride = (int) loop.stride(), span = (int) loop.span(), last = (int) loop.lastEnd();
     * for (; chunks != 0; chunks--, from += stride) {
     *     for (int i = from, end = chunks != 1 ? from + span : last; i != end; i += step) { ... }
     * }
     * </pre>
     *
     * Every chunk but the thread's last is whole, so its end, {@code from + span}, is a value of the loop or one
     * step past its last; the last chunk ends at {@code lastEnd}. The values wrap as {@link #intEnd} does, and
     * {@code from += stride} may wrap after the last chunk, where it is no longer used. The count is unsigned (a
     * thread of a long loop may have 2^63 chunks), hence {@code != 0}. {@link #last} holds from here on. The walk
     * does not look for a {@code cancel for}: a loop that may be cancelled, like an ordered one, takes its chunks
     * from {@link #next}.
     *
     * @throws IllegalStateException if the schedule is not static, the loop is ordered, or chunks were taken
     */
    public long staticChunks() {
        if (kind >= DYNAMIC || orderedClause || started || ended) {
            String what = kind == GUIDED ? "guided" : kind >= DYNAMIC ? "dynamic" : orderedClause ? "ordered"
                    : "already started";
            throw new IllegalStateException("Loop.staticChunks: only once, before any next(), in a loop with a"
                    + " static schedule and no ordered clause (this one: " + what + ")");
        }
        switch (kind) {
            case WHOLE: return walk(0, count == 0 ? 0 : 1, count, 0, count);
            case STATIC_BLOCK: return StaticSchedule.walkBlock(this);
            default: return StaticSchedule.walkRoundRobin(this);
        }
    }

    /**
     * Sets up the walk of {@link #staticChunks}, in iteration numbers: the first chunk [first, first + length),
     * the distance from one of the thread's chunks to its next, the end of its last chunk.
     */
    long walk(long first, long chunks, long length, long distance, long lastEnd) {
        started = true;
        start = first;
        end = chunks == 0 ? first : Long.compareUnsigned(count - first, length) > 0 ? first + length : count;
        this.span = length * step;
        this.stride = distance * step;
        this.lastEnd = lo + lastEnd * step;
        last = chunks != 0 && lastEnd == count;
        return chunks;
    }

    /** In the walk of {@link #staticChunks}: the variable's distance from one of the thread's chunks to its next. */
    public long stride() {
        return stride;
    }

    /** In the walk of {@link #staticChunks}: how far the loop variable moves across a whole chunk. */
    public long span() {
        return span;
    }

    /** In the walk of {@link #staticChunks}: one step past the loop variable's last value in the thread's chunks. */
    public long lastEnd() {
        return lastEnd;
    }

    /** The loop variable's first value in the current chunk. */
    public int intStart() {
        return (int) (lo + start * step);
    }

    /** One step past the loop variable's last value in the current chunk. */
    public int intEnd() {
        return (int) (lo + end * step);
    }

    public long longStart() {
        return lo + start * step;
    }

    public long longEnd() {
        return lo + end * step;
    }

    /** True in the thread that ran the sequentially last iteration (for lastprivate). */
    public boolean last() {
        return last;
    }

    /** Ends the construct: the implied barrier unless {@code nowait}. */
    public void end(boolean nowait) {
        if (ended) {
            throw new IllegalStateException("Loop.end called twice for the same loop");
        }
        ended = true;
        if (holding) {
            holding = false;
            if (ordered) {
                passOrdered();
            }
        }
        if (ws != null) {
            ws.leave(self.team);
        }
        if (orderedClause && self.orderedLoop == this) {
            self.orderedLoop = null;
        }
        if (self.loop == this) {
            self.loop = null;
        }
        if (!nowait) {
            self.team.barrier.await(self);
        }
    }

    /** cancel for: no thread gets another chunk of this loop. */
    void cancel() {
        if (orderedClause) {
            throw new IllegalStateException("cancel(FOR) of a loop with an ordered clause (OpenMP forbids it:"
                    + " later chunks wait for the ordered blocks of the cancelled ones)");
        }
        cancelled = true;
        if (ws != null) {
            ws.cancelled = true;
        }
    }

    boolean isCancelled() {
        return cancelled || ws != null && ws.cancelled;
    }

    /** Start of an ordered block for the iteration whose loop variable is {@code value}. */
    void orderedBegin(long value) {
        if (inOrdered) {
            throw new IllegalStateException("orderedBegin(" + value
                    + ") inside another ordered block of the same iteration");
        }
        long k = iterationNumber(value);
        if (!holding || Long.compareUnsigned(k, start) < 0 || Long.compareUnsigned(k, end) >= 0) {
            throw new IllegalStateException("orderedBegin(" + value + "): the value is not in the calling thread's"
                    + " current chunk [" + longStart() + ", " + longEnd() + ") of the ordered loop");
        }
        inOrdered = true;
        if (ordered) {
            awaitOrderedToken();
        }
    }

    void orderedEnd() {
        if (!inOrdered) {
            throw new IllegalStateException("orderedEnd without orderedBegin");
        }
        inOrdered = false;
    }

    private long iterationNumber(long value) {
        if (step == 1) {
            return value - lo;
        }
        return step > 0 ? Long.divideUnsigned(value - lo, step) : Long.divideUnsigned(lo - value, -step);
    }

    /** Waits until every chunk before the current one has passed the ordered token. */
    private void awaitOrderedToken() {
        if (hasToken) {
            return;
        }
        if (Long.compareUnsigned(ws.orderedNext, start) >= 0) {
            hasToken = true;
            return;
        }
        // Most hand-offs come within an ordered block's time: poll the token alone first, writing nothing. The
        // backoff's bookkeeping and the team-mates' parked flags read in every step cost about as much as the
        // hand-off itself, and a spinning thread's writes to its own backoff may fall on the cache line of its
        // parked flag, which every hand-off's wake check reads.
        if (nthreads <= Env.NUM_PROCS && self.backoff.spinsFirst()) {
            for (int i = 0; i < HAND_OFF_POLLS; i++) {
                Thread.onSpinWait();
                if (Long.compareUnsigned(ws.orderedNext, start) >= 0) {
                    hasToken = true;
                    return;
                }
            }
        }
        Team team = self.team;
        Backoff b = self.backoff;
        b.begin(nthreads);
        while (Long.compareUnsigned(ws.orderedNext, start) < 0) {
            team.checkBroken();
            // A team-mate that parked for its own turn is being woken by the hand-off before this one, and the
            // token comes after its wake-up: outwait it rather than park too (see Backoff).
            if (b.idle(team.mateParked(self))) {
                team.parking(self);
                if (Long.compareUnsigned(ws.orderedNext, start) < 0 && !team.broken) {
                    LockSupport.park(this);
                }
                team.unparked(self);
            }
        }
        b.end();
        hasToken = true;
    }

    private void passOrdered() {
        awaitOrderedToken();
        hasToken = false;
        ws.orderedNext = end;
        self.team.wakeParked();
    }
}
