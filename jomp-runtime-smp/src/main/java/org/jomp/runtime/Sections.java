package org.jomp.runtime;

/**
 * One thread's view of a sections construct: {@link #next} hands out section numbers 0..count-1, each to
 * exactly one thread, first come first served from a work-share slot's counter (as libgomp's
 * {@code GOMP_sections_next}); -1 when none are left, or once the construct is cancelled.
 */
public final class Sections {

    private final ThreadState self;
    private final int count;
    private final int nthreads;
    private final WorkShare ws;
    private int local;
    private boolean last;
    private boolean ended;
    private boolean cancelled;

    Sections(ThreadState self, int count) {
        if (count < 0) {
            throw new IllegalArgumentException("sections count must not be negative, got " + count);
        }
        this.self = self;
        this.count = count;
        this.nthreads = self.team.nthreads;
        this.ws = nthreads > 1 ? self.team.workShare(self) : null;
        self.sections = this;
    }

    /** The next section this thread runs, or -1. */
    public int next() {
        if (isCancelled()) {
            return -1;
        }
        long k;
        if (ws == null) {
            k = local < count ? local++ : count;
        } else {
            k = ws.getAndAddNext(1);
        }
        if (k >= count) {
            return -1;
        }
        if (k == count - 1) {
            last = true;
        }
        return (int) k;
    }

    /** cancel sections: no thread gets another section of this construct. */
    void cancel() {
        cancelled = true;
        if (ws != null) {
            ws.cancelled = true;
        }
    }

    boolean isCancelled() {
        return cancelled || ws != null && ws.cancelled;
    }

    /** True in the thread that ran the last section (for lastprivate). */
    public boolean last() {
        return last;
    }

    /** Ends the construct: the implied barrier unless {@code nowait}. */
    public void end(boolean nowait) {
        if (ended) {
            throw new IllegalStateException("Sections.end called twice for the same construct");
        }
        ended = true;
        if (ws != null) {
            ws.leave(self.team);
        }
        if (self.sections == this) {
            self.sections = null;
        }
        if (!nowait) {
            self.team.barrier.await(self);
        }
    }
}
