package org.jomp.runtime;

/**
 * The taskloop construct: splits the iterations of {@code lo, lo+step, ...} up to {@code hi} into tasks of
 * consecutive iterations and waits for them in an implicit taskgroup (OpenMP 5.2, section 12.6).
 * <ul>
 * <li>{@code grainsize(g)}: count/g tasks, so each has at least g and fewer than 2g iterations (all of them if
 *     the loop has fewer than g);</li>
 * <li>{@code num_tasks(t)}: min(t, count) tasks;</li>
 * <li>neither: one task per thread of the team.</li>
 * </ul>
 * The iterations are spread as evenly as possible: the first count % tasks tasks get one more.
 */
final class TaskLoop {

    private TaskLoop() {
    }

    static void run(ThreadState self, long lo, long hi, long step, long grainsize, long numTasks, RangeBody body)
            throws Throwable {
        if (step == 0) {
            throw new IllegalArgumentException("taskloop step must not be 0 (loop from " + lo + " to " + hi + ")");
        }
        if (grainsize < 0) {
            throw new IllegalArgumentException("taskloop grainsize must not be negative, got " + grainsize);
        }
        if (numTasks < 0) {
            throw new IllegalArgumentException("taskloop numTasks must not be negative, got " + numTasks);
        }
        if (grainsize > 0 && numTasks > 0) {
            throw new IllegalArgumentException("taskloop takes grainsize or numTasks, not both (got grainsize "
                    + grainsize + " and numTasks " + numTasks + ")");
        }
        if (body == null) {
            throw new IllegalArgumentException("taskloop body must not be null");
        }
        long count = Loop.count(lo, hi, step, false);
        if (count == 0) {
            return;
        }
        long tasks;
        if (grainsize > 0) {
            tasks = Math.max(1, Long.divideUnsigned(count, grainsize));
        } else if (numTasks > 0) {
            tasks = Long.compareUnsigned(numTasks, count) < 0 ? numTasks : count;
        } else {
            tasks = Long.compareUnsigned(self.team.nthreads, count) < 0 ? self.team.nthreads : count;
        }
        long size = Long.divideUnsigned(count, tasks);
        long extra = Long.remainderUnsigned(count, tasks);
        TaskGroup.run(self, () -> {
            long first = 0;
            for (long k = 0; Long.compareUnsigned(k, tasks) < 0; k++) {
                long last = first + size + (Long.compareUnsigned(k, extra) < 0 ? 1 : 0);
                long start = lo + first * step;
                long end = lo + last * step;
                Task.spawn(self, true, false, null, null, () -> body.run(start, end));
                first = last;
            }
        });
    }
}
