package org.jomp.runtime;

import java.util.concurrent.locks.AbstractQueuedSynchronizer;

/**
 * A non-reentrant mutual-exclusion lock that spins briefly before queueing: critical sections are short, and a
 * hand-off between spinning threads costs a tenth of a park/unpark. The queue and parking are
 * {@link AbstractQueuedSynchronizer}'s (state 0 free, 1 held), as in its documentation's Mutex example.
 *
 * <p>The spin is test-and-test-and-set with exponential backoff (T. E. Anderson, "The performance of spin lock
 * alternatives for shared-memory multiprocessors", IEEE TPDS 1(1), 1990): a waiter reads the lock word less and
 * less often, so a thread that releases and re-takes the lock at once (a loop around a critical section) finds
 * the word still in its own cache instead of losing it to every poll of the waiter. Critical sections are not
 * fair in OpenMP either.
 */
final class Mutex extends AbstractQueuedSynchronizer {

    /** Polls of the lock word before queueing: about 270 pauses in all (a pause takes 60 ns in the 2-core KVM guest). */
    private static final int POLLS = 20;
    /** The longest pause between two polls, in {@link Thread#onSpinWait} calls. */
    private static final int MAX_PAUSE = 16;

    @Override
    protected boolean tryAcquire(int ignored) {
        if (compareAndSetState(0, 1)) {
            setExclusiveOwnerThread(Thread.currentThread());
            return true;
        }
        return false;
    }

    @Override
    protected boolean tryRelease(int ignored) {
        setExclusiveOwnerThread(null);
        setState(0);
        return true;
    }

    /** The owner field is written by the owner after it takes the lock and cleared before it frees it. */
    @Override
    protected boolean isHeldExclusively() {
        return getExclusiveOwnerThread() == Thread.currentThread();
    }

    void lock() {
        if (tryAcquire(1)) {
            return;
        }
        int pause = 1;
        for (int i = 0; i < POLLS; i++) {
            for (int p = 0; p < pause; p++) {
                Thread.onSpinWait();
            }
            if (getState() == 0 && tryAcquire(1)) {
                return;
            }
            if (pause < MAX_PAUSE) {
                pause <<= 1;
            }
        }
        acquire(1);
    }

    boolean tryLock() {
        return tryAcquire(1);
    }

    /** Releases the lock; {@code what} names the lock in the error if the caller does not hold it. */
    void unlock(String what) {
        if (!isHeldExclusively()) {
            throw new IllegalStateException(what + " released by thread '" + Thread.currentThread().getName()
                    + "', which does not hold it");
        }
        release(1);
    }

    boolean heldByCurrentThread() {
        return isHeldExclusively();
    }
}
