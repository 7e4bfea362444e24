package org.jomp.runtime;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that descend from one initial thread (OpenMP's contention group), counted so that nested teams
 * respect thread-limit-var ({@code OMP_THREAD_LIMIT}). Only consulted when a limit is set.
 */
final class ContentionGroup {

    private final AtomicInteger busy = new AtomicInteger(1);

    /** Reserves up to {@code extra} more threads within {@code limit}; returns how many were granted. */
    int reserve(int extra, int limit) {
        for (;;) {
            int b = busy.get();
            int granted = Math.max(0, Math.min(extra, limit - b));
            if (busy.compareAndSet(b, b + granted)) {
                return granted;
            }
        }
    }

    void release(int extra) {
        busy.addAndGet(-extra);
    }
}
