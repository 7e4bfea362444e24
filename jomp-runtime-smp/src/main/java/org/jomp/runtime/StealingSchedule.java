package org.jomp.runtime;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * {@code schedule(dynamic, c)} without the monotonic modifier or an ordered clause, which OpenMP 5 lets hand out
 * chunks in any order (nonmonotonic, its default for dynamic): each thread starts with a block of the chunks, as
 * a static schedule would give it, claims them from the front of its own range, and when that is empty steals
 * the back half of another thread's remaining range. This is the scheme of LLVM's OpenMP runtime for nonmonotonic
 * dynamic loops ({@code kmp_sch_static_steal}); the owner takes from one end and thieves from the other, as in
 * the work-stealing deques of Arora, Blumofe and Plaxton ("Thread scheduling for multiprogrammed
 * multiprocessors", SPAA 1998).
 *
 * <p>Why: with one shared counter ({@link DynamicSchedule}) every claim moves the counter's cache line from the
 * core that claimed last, some 30 ns a chunk between the two cores of the development machine (schedbench's
 * dynamic,1: 1024 claims a thread, 30 us a loop); a claim from a thread's own range is a compare-and-set on a line
 * that stays in its core until a thief takes from it.
 *
 * <p>A range is the chunk numbers [lo, hi) packed in one long ({@link WorkShare#ranges}); the owner advances lo
 * and thieves lower hi, each with a compare-and-set of the whole word, so every chunk is claimed exactly once. A
 * non-empty word never repeats (its lo is an unclaimed chunk, which is never unclaimed again once taken), so a
 * compare-and-set cannot succeed on a stale reading. Only the owner writes its own empty range: the stolen chunks
 * beyond the one it runs at once. A thread that finds every range empty is done: whatever a thief removed from a
 * range, that thief runs. Loops of 2^31 chunks or more use the shared counter.
 *
 * <p>The loop's last chunk is in no range: a thread takes it only when it finds every range empty, and takes no
 * chunk after it. So the thread that ran the sequentially last iteration ran it last, and its private copy is the
 * one {@code lastprivate} wants ({@link Loop#last}); the chunks still in flight when it takes it belong to threads
 * that run them.
 */
final class StealingSchedule {

    private StealingSchedule() {
    }

    /** Whether a loop of {@code count} iterations (unsigned) in chunks of {@code chunk} can be scheduled here. */
    static boolean fits(long count, int chunk) {
        return count >= 0 && (count - 1) / chunk < Integer.MAX_VALUE;
    }

    static boolean next(Loop l) {
        if (l.last()) {
            return false;
        }
        WorkShare ws = l.ws;
        int n = l.nthreads;
        if (!l.started) {
            l.started = true;
            ws.setRanges(n, (int) ((l.count + l.chunk - 1) / l.chunk));
        }
        AtomicLongArray r = ws.ranges;
        int me = l.threadNum;
        int mine = (me + 1) * WorkShare.PAD;
        for (long w; (int) (w = r.get(mine)) > (int) (w >>> 32); ) {
            if (r.compareAndSet(mine, w, w + (1L << 32))) {
                return take(l, (int) (w >>> 32));
            }
        }
        for (int i = 1; i < n; i++) {
            int v = me + i < n ? me + i : me + i - n;
            int at = (v + 1) * WorkShare.PAD;
            for (long w; ; ) {
                w = r.get(at);
                int lo = (int) (w >>> 32);
                int hi = (int) w;
                if (hi <= lo) {
                    break;
                }
                int first = hi - (hi - lo + 1) / 2;
                if (r.compareAndSet(at, w, (long) lo << 32 | first)) {
                    if (hi - first > 1) {
                        r.set(mine, (long) (first + 1) << 32 | hi);
                    }
                    return take(l, first);
                }
            }
        }
        if (r.get(WorkShare.LAST) != 0 && r.compareAndSet(WorkShare.LAST, 1, 0)) {
            return take(l, (int) ((l.count - 1) / l.chunk));
        }
        return false;
    }

    private static boolean take(Loop l, int chunkNumber) {
        long s = (long) chunkNumber * l.chunk;
        l.start = s;
        l.end = l.count - s > l.chunk ? s + l.chunk : l.count;
        return true;
    }
}
