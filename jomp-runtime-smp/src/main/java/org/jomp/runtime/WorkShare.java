package org.jomp.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

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

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            NEXT = l.findVarHandle(WorkShare.class, "next", long.class);
            LEFT = l.findVarHandle(WorkShare.class, "left", int.class);
            INDEX = l.findVarHandle(WorkShare.class, "index", long.class);
            ORDERED_NEXT = l.findVarHandle(WorkShare.class, "orderedNext", long.class);
            CANCELLED = l.findVarHandle(WorkShare.class, "cancelled", boolean.class);
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

    /** Called once by each thread of {@code team} when it is done with the construct. */
    void leave(Team team) {
        if ((int) LEFT.getAndAdd(this, 1) == team.nthreads - 1) {
            NEXT.set(this, 0L);
            LEFT.set(this, 0);
            ORDERED_NEXT.set(this, 0L);
            CANCELLED.set(this, false);
            // The volatile write publishes the plain ones to the thread that reads the new index.
            index = index + Team.RING;
            team.wakeParked();
        }
    }
}
