package org.jomp.runtime;

/**
 * The body of a taskloop task: runs the loop over the values {@code start, start+step, ...} up to but not
 * including {@code end}, where {@code end} is one step past the task's last value, so {@code i != end} ends the
 * loop for either step sign (as for {@link Loop#longStart()} / {@link Loop#longEnd()}).
 */
@FunctionalInterface
public interface RangeBody {
    void run(long start, long end) throws Throwable;
}
