package org.jomp.runtime;

/**
 * OpenMP's nestable lock ({@code omp_nest_lock_t}): the holder may set it again; it is free when every set has
 * been matched by an unset. A {@link Mutex} and the nesting count, which only the holder reads or writes.
 */
public class NestLock {

    private final Mutex mutex = new Mutex();
    private int count;

    /** Waits until the lock is free or held by the caller, and takes it once more ({@code omp_set_nest_lock}). */
    public void set() {
        if (!mutex.heldByCurrentThread()) {
            mutex.lock();
        }
        count++;
    }

    /** Releases one level ({@code omp_unset_nest_lock}). */
    public void unset() {
        if (!mutex.heldByCurrentThread()) {
            throw new IllegalStateException("NestLock released by thread '" + Thread.currentThread().getName()
                    + "', which does not hold it");
        }
        if (--count == 0) {
            mutex.unlock("NestLock");
        }
    }

    /**
     * Takes the lock if possible ({@code omp_test_nest_lock}): the new nesting count, or 0 if another thread
     * holds it.
     */
    public int test() {
        if (mutex.heldByCurrentThread() || mutex.tryLock()) {
            return ++count;
        }
        return 0;
    }
}
