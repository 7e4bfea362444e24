package org.jomp.runtime;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The lock of a critical construct: one per name, process-wide, as OpenMP says (critical sections of the same
 * name exclude each other in every team; different names are independent). The unnamed critical is one more
 * name.
 */
public final class CriticalLock {

    private static final CriticalLock UNNAMED = new CriticalLock("");
    private static final ConcurrentHashMap<String, CriticalLock> NAMED = new ConcurrentHashMap<>();

    private final String name;
    /** What the error of an unlock by a thread that does not hold the lock calls it. */
    private final String description;
    private final Mutex mutex = new Mutex();

    private CriticalLock(String name) {
        this.name = name;
        this.description = name.isEmpty() ? "the unnamed critical section" : "critical section '" + name + "'";
    }

    /** The lock for {@code name}; null or "" is the unnamed critical. */
    static CriticalLock named(String name) {
        if (name == null || name.isEmpty()) {
            return UNNAMED;
        }
        CriticalLock c = NAMED.get(name);
        return c != null ? c : NAMED.computeIfAbsent(name, CriticalLock::new);
    }

    public String name() {
        return name;
    }

    public void lock() {
        mutex.lock();
    }

    public void unlock() {
        mutex.unlock(description);
    }
}
