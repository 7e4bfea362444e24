package org.jomp.runtime;

/**
 * {@code schedule(dynamic, c)}: chunks of c iterations, first come first served, claimed with one atomic
 * getAndAdd on the work-share slot's counter. The counter overshoots the count by at most one chunk per
 * thread, which cannot overflow while the count is below 2^63; larger (unsigned) counts claim with a CAS loop.
 */
final class DynamicSchedule {

    private DynamicSchedule() {
    }

    static boolean next(Loop l) {
        long count = l.count;
        long c = l.chunk;
        WorkShare ws = l.ws;
        long s;
        long e;
        if (count >= 0) {
            s = ws.getAndAddNext(c);
            if (s >= count || s < 0) {
                return false;
            }
            e = count - s > c ? s + c : count;
        } else {
            do {
                s = ws.next();
                if (Long.compareUnsigned(s, count) >= 0) {
                    return false;
                }
                e = Long.compareUnsigned(count - s, c) > 0 ? s + c : count;
            } while (!ws.casNext(s, e));
        }
        l.start = s;
        l.end = e;
        return true;
    }
}
