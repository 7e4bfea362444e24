package org.jomp.runtime;

/**
 * The body of a parallel region, run once by every thread of the team. It may throw anything: the first
 * {@code Throwable} of the team is rethrown, exactly as thrown, in the thread that encountered the region.
 */
@FunctionalInterface
public interface Region {
    void run() throws Throwable;
}
