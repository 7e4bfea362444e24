package org.jomp.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * One team thread's queue of ready tasks (any element type, so it is testable on its own): the Chase–Lev
 * work-stealing deque (D. Chase and Y. Lev, "Dynamic circular work-stealing deque", SPAA 2005), with the orderings of
 * N. M. Lê, A. Pop, A. Cohen and F. Zappa Nardelli, "Correct and efficient work-stealing for weak memory models",
 * PPoPP 2013.
 *
 * <p>The owner pushes and pops at the bottom (LIFO: the task it created last is the one whose data is still in
 * its cache, and depth-first order keeps the number of live tasks small); thieves take from the top (FIFO: the
 * oldest task, usually the largest piece of a recursive computation). Only the owner writes {@code bottom}; every
 * thread advances {@code top} by CAS, so owner and thieves contend only for the last element. {@code top} and
 * {@code bottom} are volatile: the owner's store to {@code bottom} before its load of {@code top} in
 * {@link #pop} is the store-load ordering the algorithm needs. The circular array doubles when full; thieves
 * holding the old array still read correct elements, since a slot is only reused in the array that is current.
 */
final class WorkStealingDeque<T> {

    private static final int INITIAL_CAPACITY = 64;
    private static final VarHandle TOP;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

    static {
        try {
            TOP = MethodHandles.lookup().findVarHandle(WorkStealingDeque.class, "top", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile long top;
    private volatile long bottom;
    private volatile Object[] array = new Object[INITIAL_CAPACITY];

    /** Owner only: adds {@code task} at the bottom. */
    void push(T task) {
        long b = bottom;
        long t = top;
        Object[] a = array;
        if (b - t >= a.length) {
            a = grow(a, t, b);
        }
        SLOT.setRelease(a, (int) b & (a.length - 1), task);
        bottom = b + 1;
    }

    private Object[] grow(Object[] old, long t, long b) {
        Object[] a = new Object[old.length * 2];
        for (long i = t; i < b; i++) {
            a[(int) i & (a.length - 1)] = old[(int) i & (old.length - 1)];
        }
        array = a;
        return a;
    }

    /** Owner only: removes the task pushed last, or returns null when the deque is empty. */
    @SuppressWarnings("unchecked")
    T pop() {
        long b = bottom - 1;
        Object[] a = array;
        bottom = b;
        long t = top;
        if (t > b) {
            bottom = b + 1;
            return null;
        }
        int i = (int) b & (a.length - 1);
        T task = (T) SLOT.getAcquire(a, i);
        if (t == b) {
            // The last element: thieves may be taking it too; whoever advances top owns it.
            if (TOP.compareAndSet(this, t, t + 1)) {
                SLOT.setRelease(a, i, null);
            } else {
                task = null;
            }
            bottom = b + 1;
            return task;
        }
        SLOT.setRelease(a, i, null);
        return task;
    }

    /** Any thread: removes the oldest task, or returns null when the deque is empty or another thread won it. */
    @SuppressWarnings("unchecked")
    T steal() {
        long t = top;
        long b = bottom;
        if (t >= b) {
            return null;
        }
        Object[] a = array;
        int i = (int) t & (a.length - 1);
        T task = (T) SLOT.getAcquire(a, i);
        if (task == null || !TOP.compareAndSet(this, t, t + 1)) {
            return null;
        }
        // Clears the slot unless the owner has already reused it; keeps finished tasks collectable.
        SLOT.compareAndSet(a, i, task, null);
        return task;
    }

    /** Owner only: the task {@link #pop} would return now, left in place; null when the deque is empty. */
    @SuppressWarnings("unchecked")
    T peekNewest() {
        long b = bottom - 1;
        long t = top;
        if (t > b) {
            return null;
        }
        Object[] a = array;
        return (T) SLOT.getAcquire(a, (int) b & (a.length - 1));
    }

    /** Any thread: the task {@link #steal} would take now, left in place; null when the deque is empty. */
    @SuppressWarnings("unchecked")
    T peekOldest() {
        long t = top;
        long b = bottom;
        if (t >= b) {
            return null;
        }
        Object[] a = array;
        return (T) SLOT.getAcquire(a, (int) t & (a.length - 1));
    }

    /**
     * Any thread: removes the oldest task only if it is {@code expected} (seen by {@link #peekOldest}); null when
     * it is not, or another thread won it. The compare-and-set of top from the slot's index makes the check and
     * the removal one step.
     */
    @SuppressWarnings("unchecked")
    T stealIfOldest(T expected) {
        long t = top;
        long b = bottom;
        if (t >= b) {
            return null;
        }
        Object[] a = array;
        int i = (int) t & (a.length - 1);
        if (SLOT.getAcquire(a, i) != expected || !TOP.compareAndSet(this, t, t + 1)) {
            return null;
        }
        SLOT.compareAndSet(a, i, expected, null);
        return expected;
    }

    /** True when some task may be waiting here (a racy hint for deciding whether to park). */
    boolean isEmpty() {
        return top >= bottom;
    }

    /**
     * Drops the tasks left by a broken or cancelled region; called only while no thread uses the deque. An empty
     * deque is left as it is (taken slots are already cleared), so a region without tasks pays only two reads.
     */
    void clear() {
        if (top != bottom) {
            Arrays.fill(array, null);
            top = 0;
            bottom = 0;
        }
    }
}
