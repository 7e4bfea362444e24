package org.jomp.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One slot of a team's work-share ring (libgomp's {@code gomp_work_share}): the shared state of a dynamic or
 * guided loop, an ordered loop or a sections construct. Thread-local counters give every construct an index;
 * the construct with index k uses slot {@code k % RING}. The slot's {@link #index} says which construct it
 * serves: the last thread to {@link #leave} it resets the shared fields and advances the index by RING, which
 * hands the slot to the construct RING places later. So nowait constructs run ahead up to RING constructs,
 * and a slot is reused only after every thread has left it; no thread ever waits to initialise a slot.
 */
final class WorkShare {

    private static final VarHandle NEXT;
    private static final VarHandle LEFT;
    private static final VarHandle INDEX;
    private static final VarHandle ORDERED_NEXT;
    private static final VarHandle CANCELLED;
    private static final VarHandle RANGES_SET;
    /** Longs between two threads' ranges: 128 bytes, so no two share a cache line or its adjacent one. */
    static final int PAD = 16;
    /** Index in {@link #ranges} of the flag of the loop's last chunk, kept out of every thread's range. */
    static final int LAST = 0;
    private static final int UNSET = 0;
    private static final int SETTING = 1;
    private static final int SET = 2;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            NEXT = l.findVarHandle(WorkShare.class, "next", long.class);
            LEFT = l.findVarHandle(WorkShare.class, "left", int.class);
            INDEX = l.findVarHandle(WorkShare.class, "index", long.class);
            ORDERED_NEXT = l.findVarHandle(WorkShare.class, "orderedNext", long.class);
            CANCELLED = l.findVarHandle(WorkShare.class, "cancelled", boolean.class);
            RANGES_SET = l.findVarHandle(WorkShare.class, "rangesSet", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile long index;
    /** The next unclaimed iteration number (loops) or section number (sections). */
    private volatile long next;
    private volatile int left;
    /** Ordered loops: the iteration number up to which every ordered block has run (see {@link Loop}). */
    volatile long orderedNext;
    /** Set by cancel for / cancel sections: no more chunks or sections are handed out. */
    volatile boolean cancelled;
    /**
     * Nonmonotonic dynamic loops ({@link StealingSchedule}): thread t's unclaimed chunks [lo, hi) packed in one
     * long at {@code (t + 1) * PAD}, and at {@link #LAST} 1 while the loop's last chunk is unclaimed; valid, and
     * the array itself published, once {@link #rangesSet} reads SET.
     * Grown by the thread that sets the ranges when the team has grown.
     */
    AtomicLongArray ranges = new AtomicLongArray(0);
    private volatile int rangesSet;

    long index() {
        return index;
    }

    /**
     * Serves construct {@code index} of a new region; plain writes, published by the master's hand-off of the
     * region to the workers.
     */
    void prepare(long index) {
        NEXT.set(this, 0L);
        LEFT.set(this, 0);
        ORDERED_NEXT.set(this, 0L);
        CANCELLED.set(this, false);
        RANGES_SET.set(this, UNSET);
        INDEX.set(this, index);
    }

    long getAndAddNext(long delta) {
        return (long) NEXT.getAndAdd(this, delta);
    }

    long next() {
        return next;
    }

    boolean casNext(long expected, long value) {
        return NEXT.compareAndSet(this, expected, value);
    }

    /**
     * Makes sure the threads' initial ranges are in {@link #ranges}: the first thread of the loop to get here
     * writes every thread's (of all chunks but the last, thread t gets [t * (chunks - 1) / n,
     * (t + 1) * (chunks - 1) / n), as a static block schedule would), the others wait the few stores that takes.
     * Every thread's range is so in place before any thread claims, and a thread that comes late to the loop finds
     * its chunks taken by the others, as it would in a dynamic schedule.
     */
    void setRanges(int n, int chunks) {
        if (rangesSet == SET) {
            return;
        }
        if (RANGES_SET.compareAndSet(this, UNSET, SETTING)) {
            if (ranges.length() < (n + 2) * PAD) {
                ranges = new AtomicLongArray((n + 2) * PAD);
            }
            int shared = Math.max(chunks - 1, 0);
            ranges.setPlain(LAST, chunks > 0 ? 1 : 0);
            for (int t = 0; t < n; t++) {
                long lo = (long) shared * t / n;
                long hi = (long) shared * (t + 1) / n;
                ranges.setPlain((t + 1) * PAD, lo << 32 | hi);
            }
            // The volatile write publishes the plain ones, and a new array.
            rangesSet = SET;
            return;
        }
        for (int i = 0; rangesSet != SET; i++) {
            if (i < 64) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    /** Called once by each thread of {@code team} when it is done with the construct. */
    void leave(Team team) {
        if ((int) LEFT.getAndAdd(this, 1) == team.nthreads - 1) {
            NEXT.set(this, 0L);
            LEFT.set(this, 0);
            ORDERED_NEXT.set(this, 0L);
            CANCELLED.set(this, false);
            RANGES_SET.set(this, UNSET);
            // The volatile write publishes the plain ones to the thread that reads the new index.
            index = index + Team.RING;
            team.wakeParked();
        }
    }
}
