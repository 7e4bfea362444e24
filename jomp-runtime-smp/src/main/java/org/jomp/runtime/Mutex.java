package org.jomp.runtime;

import java.util.concurrent.locks.AbstractQueuedSynchronizer;

/**
 * A non-reentrant mutual-exclusion lock that spins briefly before queueing: critical sections are short, and a
 * hand-off between spinning threads costs a tenth of a park/unpark. The queue and parking are
 * {@link AbstractQueuedSynchronizer}'s (state 0 free, 1 held), as in its documentation's Mutex example.
 */
final class Mutex extends AbstractQueuedSynchronizer {

    private static final int SPINS = 256;

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

    @Override
    protected boolean isHeldExclusively() {
        return getState() != 0 && getExclusiveOwnerThread() == Thread.currentThread();
    }

    void lock() {
        if (tryAcquire(1)) {
            return;
        }
        for (int i = 0; i < SPINS; i++) {
            Thread.onSpinWait();
            if (getState() == 0 && tryAcquire(1)) {
                return;
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
