package org.jomp.runtime;

/**
 * OpenMP's simple lock ({@code omp_lock_t}): not reentrant. Setting a lock the caller already holds would
 * deadlock, and releasing one it does not hold is an error: both throw {@link IllegalStateException}.
 */
public class Lock {

    private final Mutex mutex = new Mutex();

    /** Waits until the lock is free and takes it ({@code omp_set_lock}). */
    public void set() {
        if (mutex.heldByCurrentThread()) {
            throw new IllegalStateException("Lock.set: the lock is already held by the calling thread '"
                    + Thread.currentThread().getName() + "' (a simple lock is not reentrant: use NestLock)");
        }
        mutex.lock();
    }

    /** Releases the lock ({@code omp_unset_lock}). */
    public void unset() {
        mutex.unlock("Lock");
    }

    /** Takes the lock if it is free ({@code omp_test_lock}); true on success. */
    public boolean test() {
        return mutex.tryLock();
    }
}
