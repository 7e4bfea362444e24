package org.jomp.runtime;

/**
 * Static schedules: every thread computes its own chunks from its thread number, with no shared state.
 * <ul>
 * <li>block ({@code schedule(static)}): count/n iterations per thread, the first count%n threads one more,
 *     in thread order: the mapping of libgomp's {@code gomp_iter_static_next}, which OpenMP programs rely on;</li>
 * <li>round robin ({@code schedule(static, c)}): chunk j of c iterations goes to thread j % n.</li>
 * </ul>
 */
final class StaticSchedule {

    private StaticSchedule() {
    }

    static boolean block(Loop l) {
        if (l.started) {
            return false;
        }
        l.started = true;
        long n = l.nthreads;
        long tid = l.threadNum;
        long q = Long.divideUnsigned(l.count, n);
        long t = Long.remainderUnsigned(l.count, n);
        long s;
        if (tid < t) {
            q++;
            s = q * tid;
        } else {
            s = q * tid + t;
        }
        if (q == 0) {
            return false;
        }
        l.start = s;
        l.end = s + q;
        return true;
    }

    static boolean roundRobin(Loop l) {
        long s;
        if (!l.started) {
            l.started = true;
            s = (long) l.threadNum * l.chunk;
        } else {
            s = l.start + (long) l.nthreads * l.chunk;
            if (Long.compareUnsigned(s, l.start) < 0) {
                return false;
            }
        }
        if (Long.compareUnsigned(s, l.count) >= 0) {
            l.start = s;
            return false;
        }
        l.start = s;
        l.end = Long.compareUnsigned(l.count - s, l.chunk) > 0 ? s + l.chunk : l.count;
        return true;
    }
}
