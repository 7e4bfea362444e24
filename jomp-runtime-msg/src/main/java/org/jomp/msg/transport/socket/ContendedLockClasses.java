package org.jomp.msg.transport.socket;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Makes the JVM load the classes of a contended {@link ReentrantLock} (on Java 17 and 25,
 * {@code AbstractQueuedSynchronizer$ExclusiveNode}) when the socket transport starts, before the JIT compiles its
 * hot paths. A connection's read and write locks are rarely contended, so the class used to load only at the first
 * contention, 14-24 s into 6 of 8 rank JVMs of msgbench's 2-rank socket job, and its loading discarded at once the
 * compiled code of 17-19 methods that had inlined a lock or an unlock (the reads, writes and polls of every
 * transfer), which the JVM then compiled again beside the ranks. Other compilations go on in those seconds too, so
 * the medians of msgbench's 64 KB-4 MB points did not move measurably (docs/benchmarks-msg-log.md, 1 December 2026).
 */
final class ContendedLockClasses {
    private static boolean loaded;

    private ContendedLockClasses() {
    }

    /** Once per JVM: this thread holds a lock until a helper thread has queued for it. */
    static synchronized void load() {
        if (loaded) {
            return;
        }
        loaded = true;
        ReentrantLock lock = new ReentrantLock();
        Thread helper = new Thread(() -> {
            lock.lock();
            lock.unlock();
        }, "jomp-lock-classes");
        helper.setDaemon(true);
        lock.lock();
        try {
            helper.start();
            while (!lock.hasQueuedThread(helper) && helper.isAlive()) {
                Thread.onSpinWait();
            }
        } finally {
            lock.unlock();
        }
        try {
            helper.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
