package org.jomp.runtime;

import java.util.concurrent.locks.AbstractQueuedSynchronizer;

/**
 * OpenMP's nestable lock ({@code omp_nest_lock_t}): the holder may set it again; it is free when every set has
 * been matched by an unset. The AQS state is the nesting count.
 */
public class NestLock {

    private final Sync sync = new Sync();

    /** Waits until the lock is free or held by the caller, and takes it once more ({@code omp_set_nest_lock}). */
    public void set() {
        sync.acquire(1);
    }

    /** Releases one level ({@code omp_unset_nest_lock}). */
    public void unset() {
        if (!sync.heldByCurrentThread()) {
            throw new IllegalStateException("NestLock released by thread '" + Thread.currentThread().getName()
                    + "', which does not hold it");
        }
        sync.release(1);
    }

    /**
     * Takes the lock if possible ({@code omp_test_nest_lock}): the new nesting count, or 0 if another thread
     * holds it.
     */
    public int test() {
        return sync.tryAcquire(1) ? sync.count() : 0;
    }

    private static final class Sync extends AbstractQueuedSynchronizer {

        @Override
        protected boolean tryAcquire(int n) {
            Thread me = Thread.currentThread();
            int c = getState();
            if (c == 0) {
                if (compareAndSetState(0, n)) {
                    setExclusiveOwnerThread(me);
                    return true;
                }
                return false;
            }
            if (getExclusiveOwnerThread() == me) {
                setState(c + n);
                return true;
            }
            return false;
        }

        @Override
        protected boolean tryRelease(int n) {
            int c = getState() - n;
            if (c == 0) {
                setExclusiveOwnerThread(null);
            }
            setState(c);
            return c == 0;
        }

        @Override
        protected boolean isHeldExclusively() {
            return getExclusiveOwnerThread() == Thread.currentThread();
        }

        boolean heldByCurrentThread() {
            return isHeldExclusively();
        }

        int count() {
            return getState();
        }
    }
}
