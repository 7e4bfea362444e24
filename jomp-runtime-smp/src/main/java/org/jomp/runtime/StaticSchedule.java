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

    /** {@link #block} as a walk for {@link Loop#staticChunks}: one chunk, or none. */
    static long walkBlock(Loop l) {
        if (!block(l)) {
            return l.walk(l.count, 0, 0, 0, l.count);
        }
        return l.walk(l.start, 1, l.end - l.start, 0, l.end);
    }

    /**
     * {@link #roundRobin} as a walk for {@link Loop#staticChunks}: thread t runs chunks t, t+n, ... of the
     * ceil(count/c) chunks. Unsigned arithmetic throughout, and no chunk start is computed past the count.
     */
    static long walkRoundRobin(Loop l) {
        long count = l.count;
        long c = l.chunk;
        long n = l.nthreads;
        long t = l.threadNum;
        long all = count == 0 ? 0 : Long.divideUnsigned(count - 1, c) + 1;
        if (Long.compareUnsigned(t, all) >= 0) {
            return l.walk(count, 0, 0, 0, count);
        }
        long mine = Long.divideUnsigned(all - 1 - t, n) + 1;
        long lastStart = (t + (mine - 1) * n) * c;
        long lastEnd = Long.compareUnsigned(count - lastStart, c) > 0 ? lastStart + c : count;
        return l.walk(t * c, mine, c, n * c, lastEnd);
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
