package org.jomp.runtime;

/**
 * {@code schedule(guided, c)}: each claim takes ceil(remaining / n) iterations, at least c (except the
 * remainder), as libgomp's {@code gomp_iter_guided_next}; chunks shrink as the loop drains, so early chunks
 * amortise the claim and late ones balance the load. Claimed with a CAS on the work-share slot's counter.
 */
final class GuidedSchedule {

    private GuidedSchedule() {
    }

    static boolean next(Loop l) {
        long count = l.count;
        long n = l.nthreads;
        WorkShare ws = l.ws;
        for (;;) {
            long s = ws.next();
            if (Long.compareUnsigned(s, count) >= 0) {
                return false;
            }
            long remaining = count - s;
            long q = Long.divideUnsigned(remaining, n) + (Long.remainderUnsigned(remaining, n) != 0 ? 1 : 0);
            if (Long.compareUnsigned(q, l.chunk) < 0) {
                q = l.chunk;
            }
            if (Long.compareUnsigned(q, remaining) > 0) {
                q = remaining;
            }
            if (ws.casNext(s, s + q)) {
                l.start = s;
                l.end = s + q;
                return true;
            }
        }
    }
}
