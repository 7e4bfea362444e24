package org.jomp.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * A non-reentrant, unfair mutual-exclusion lock for short critical sections: a test-and-test-and-set spin lock
 * with exponential backoff (T. E. Anderson, "The performance of spin lock alternatives for shared-memory
 * multiprocessors", IEEE TPDS 1(1), 1990) for as long as the wait policy lets a thread spin, then parking.
 *
 * <p>Why unfair, and why the waiters back off hard: in a loop around a short critical section (EPCC's CRITICAL
 * test) the thread that releases the lock takes it again at once, while the lock word is still in its own cache.
 * Every poll of a waiter takes that cache line away and makes the owner's next atomic instruction a miss, so a
 * waiter polls less and less often, up to {@value #MAX_PAUSE} pauses apart. OpenMP's critical sections are not
 * fair either.
 *
 * <p>Why the unlock is a plain release store, one atomic instruction per lock and unlock instead of the two of
 * {@code synchronized}, {@link java.util.concurrent.locks.ReentrantLock} or libgomp's mutex (measured on the
 * 2-core KVM guest: 6-8 ns against 12-19 ns a pair): an uncontended lock costs what its atomic instructions
 * cost. Without a store-load fence the unlock may read "no thread queued" while its own store of "free" is not
 * yet visible to a thread that has just queued and re-read "held" (Dekker's race), and that thread would park
 * with nobody to wake it. So a waiter's first park after it queues is timed ({@value #FIRST_PARK_NANOS} ns):
 * every unlock that comes later sees it queued, so only that first park can be stranded, and only until the
 * timeout. HotSpot's {@code ObjectMonitor} covered the same race of its fence-free exit the same way (a timed
 * park of its "responsible" waiter).
 *
 * <p>A waiter that gives up spinning queues itself, re-checks the lock, and parks; an unlock that finds a
 * waiter queued dequeues the oldest and unparks it; the woken thread spins again before it queues again, so the
 * owner of a busy lock pays an unpark once per spin of the waiter, not once per unlock.
 */
final class Mutex {

    /** The longest pause between two polls of a spinning waiter, in {@link Thread#onSpinWait} calls. */
    private static final int MAX_PAUSE = 256;
    /**
     * Polls a waiter makes before it looks at the clock: 63 pauses, about 1.6 us at the 26 ns a pause takes on
     * the 2-core KVM guest. A wait shorter than that reads no clock.
     */
    private static final int POLLS_BEFORE_CLOCK = 6;
    /**
     * The spin of OMP_WAIT_POLICY=passive, which parks at once elsewhere: a few polls, since a critical section
     * is usually shorter than a wake-up.
     */
    private static final long PASSIVE_SPIN_NANOS = 2_000L;
    /** The timeout of a waiter's first park after it queues (see the class comment), 1 ms. */
    private static final long FIRST_PARK_NANOS = 1_000_000L;

    private static final VarHandle STATE;
    private static final VarHandle QUEUED;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            STATE = l.findVarHandle(Mutex.class, "state", int.class);
            QUEUED = l.findVarHandle(Mutex.class, "queued", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** 1 while the lock is held. */
    private volatile int state;
    /**
     * How many waiters are in {@link #waiters}, counted apart so that an unlock reads one word on the lock's own
     * cache line instead of walking the queue's head node (5-7 ns of the 15-25 ns a critical section cost).
     */
    private volatile int queued;
    /** Written by the owner after it takes the lock and cleared before it frees it; read for the owner checks. */
    private Thread owner;
    private final ConcurrentLinkedQueue<Waiter> waiters = new ConcurrentLinkedQueue<>();

    /** A queued thread; {@code woken} is set by the unlock that dequeued it. */
    private static final class Waiter {
        final Thread thread;
        volatile boolean woken;
        /** The waiting thread cleared its interrupt status to park; written and read by it only. */
        boolean interrupted;

        Waiter(Thread thread) {
            this.thread = thread;
        }
    }

    void lock() {
        Thread me = Thread.currentThread();
        if (!STATE.compareAndSet(this, 0, 1)) {
            lockSlow();
        }
        owner = me;
    }

    boolean tryLock() {
        if (STATE.compareAndSet(this, 0, 1)) {
            owner = Thread.currentThread();
            return true;
        }
        return false;
    }

    /** Releases the lock; {@code what} names the lock in the error if the caller does not hold it. */
    void unlock(String what) {
        if (owner != Thread.currentThread()) {
            throw new IllegalStateException(what + " released by thread '" + Thread.currentThread().getName()
                    + "', which does not hold it");
        }
        owner = null;
        STATE.setRelease(this, 0);
        if (queued != 0) {
            Waiter w = waiters.poll();
            if (w != null) {
                QUEUED.getAndAdd(this, -1);
                w.woken = true;
                LockSupport.unpark(w.thread);
            }
        }
    }

    /** The waiters counted as queued (for tests: zero once every thread has the lock or has given up on it). */
    int queuedWaiters() {
        return queued;
    }

    boolean heldByCurrentThread() {
        return owner == Thread.currentThread();
    }

    private void lockSlow() {
        long spinNanos = spinNanos(Env.currentWaitPolicy());
        Waiter w = null;
        while (!spin(spinNanos)) {
            if (w == null) {
                w = new Waiter(Thread.currentThread());
            }
            if (queueAndPark(w)) {
                break;
            }
        }
        if (w != null && w.interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Queues {@code w} and parks until an unlock dequeues and wakes it (false) or it finds the lock free and
     * takes it (true). Parks are timed until {@link #FIRST_PARK_NANOS} after queueing (see the class comment).
     */
    private boolean queueAndPark(Waiter w) {
        w.woken = false;
        QUEUED.getAndAdd(this, 1);
        waiters.offer(w);
        long queuedAt = System.nanoTime();
        while (!w.woken) {
            if (state == 0 && STATE.compareAndSet(this, 0, 1)) {
                if (waiters.remove(w)) {
                    QUEUED.getAndAdd(this, -1);
                }
                return true;
            }
            long strandable = FIRST_PARK_NANOS - (System.nanoTime() - queuedAt);
            if (strandable > 0L) {
                LockSupport.parkNanos(this, strandable);
            } else {
                LockSupport.park(this);
            }
            // A pending interrupt would make every park return at once: the wait is not interruptible, as a
            // critical section's is not in OpenMP, and the caller sees the interrupt afterwards.
            w.interrupted |= Thread.interrupted();
        }
        return false;
    }

    /** Polls the lock with exponential backoff for about {@code nanos} and takes it if free; true if it did. */
    private boolean spin(long nanos) {
        int pause = 1;
        long start = 0L;
        for (int polls = 1; ; polls++) {
            for (int p = 0; p < pause; p++) {
                Thread.onSpinWait();
            }
            if (state == 0 && STATE.compareAndSet(this, 0, 1)) {
                return true;
            }
            if (pause < MAX_PAUSE) {
                pause <<= 1;
            }
            if (polls >= POLLS_BEFORE_CLOCK) {
                long now = System.nanoTime();
                if (polls == POLLS_BEFORE_CLOCK) {
                    start = now;
                } else if (now - start >= nanos) {
                    return false;
                }
            }
        }
    }

    private static long spinNanos(WaitPolicy policy) {
        return policy == WaitPolicy.PASSIVE ? PASSIVE_SPIN_NANOS : policy.spinNanos;
    }
}
