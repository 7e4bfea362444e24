package org.jomp.it.tests;

/** A plain class (no directives) that the parallel test drives from several threads. */
public final class Counter {
    private long count;

    public synchronized void increment() {
        count++;
    }

    public synchronized long count() {
        return count;
    }
}
