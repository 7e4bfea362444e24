package org.jomp.msg.transport;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import org.jomp.msg.CommInterruptedException;

/**
 * A one-shot event: a send whose buffer may be reused, or a receive whose data has arrived.
 *
 * <p>Waiting is spin, then yield, then park: a spin hand-off costs about 0.1 us on the target machines while
 * waking a parked thread costs 6-13 us, so a waiter spins first; it yields next so that oversubscribed ranks (more
 * rank threads than cores) let the thread it waits for run; it parks last, in bounded slices, so that a failure of
 * the job ({@link MatchingEngine#peerFailed}) is seen even if nobody unparks it. The waiter publishes itself before
 * re-checking {@code done} and the completer sets {@code done} before reading the waiter (both volatile), so a
 * wake-up is never lost. An interrupt ends the wait past the spin phase with a {@link CommInterruptedException}.
 * A waiter whose transport offers {@link Progress} waits through it instead: it polls the transport for a while,
 * then blocks in the transport until something arrives ({@link #awaitByProgress}).
 */
public class Completion {
    private static final int PARK_SLICE_NANOS = 1_000_000;
    /**
     * How long a wait through {@link Progress} spins between polls before it yields between them: between two
     * ranks polling on cores of their own a socket message takes 6-10 us one way on the target machines, a reply
     * 12-20 us.
     */
    static final long SPIN_POLL_NANOS = 20_000;
    private static final String WAITING = "a send or receive";
    /**
     * Messages of more bytes than this come in pieces (the socket transport's default eager limit): only a wait for
     * one of them polls on while bytes move ({@link #pollFor}); a smaller one comes whole.
     */
    static final long STREAMED_BYTES = 64 * 1024;

    /**
     * The operation's partner, a world rank, or -1 if any or unknown, and its size in bytes at most: they decide
     * whether a wait polls sockets ({@link Progress#reaches}).
     */
    private final int peer;
    private final long bytes;
    private volatile boolean done;
    private volatile Thread waiter;
    /** The transport {@link #waiter} blocks in ({@link Progress#block}), if it does not park; set before it. */
    private volatile Progress blockedIn;
    private volatile RuntimeException error;
    private volatile List<Runnable> callbacks;
    /** A copy that completes this operation and that its waiter may take part in, once offered. */
    private volatile CooperativeCopy offered;

    private static final Completion DONE = finished();

    /** An operation whose partner and size are unknown. */
    public Completion() {
        this(-1, Long.MAX_VALUE);
    }

    /** An operation with world rank {@code peer} (negative: any or unknown) of at most {@code bytes}. */
    public Completion(int peer, long bytes) {
        this.peer = peer;
        this.bytes = bytes;
    }

    private static Completion finished() {
        Completion c = new Completion();
        c.done = true;
        return c;
    }

    /**
     * A completion shared by every operation that finished before it was returned (a small send written at once,
     * {@link Transport#sendNow}), so that none is allocated for them.
     */
    public static Completion alreadyDone() {
        return DONE;
    }

    /** True once the operation has finished, successfully or not. */
    public final boolean isDone() {
        return done;
    }

    /** The error this operation finished with, or {@code null}. */
    public final RuntimeException error() {
        return error;
    }

    /** Finishes the operation and wakes its waiter and callbacks. */
    public final void complete() {
        done = true;
        Thread w = waiter;
        if (w != null && w != Thread.currentThread()) {
            Progress p = blockedIn;
            if (p != null) {
                p.wake();
            } else {
                LockSupport.unpark(w);
            }
        }
        if (callbacks != null) {
            runCallbacks();
        }
    }

    /** Finishes the operation with an error, which the waiter will throw. */
    public final void fail(RuntimeException e) {
        error = e;
        complete();
    }

    /**
     * Offers the waiter of this operation a part in the copy that completes it: while spinning it copies chunks
     * of {@code copy} too ({@link CooperativeCopy}).
     */
    final void offer(CooperativeCopy copy) {
        offered = copy;
    }

    /** Runs {@code action} once this completes (at once if it already has), on the completing thread. */
    public final void whenDone(Runnable action) {
        synchronized (this) {
            if (callbacks == null) {
                callbacks = new ArrayList<>(1);
            }
            callbacks.add(action);
        }
        // complete() may have read no callbacks just before the add: whoever takes the list first runs it.
        if (done) {
            runCallbacks();
        }
    }

    /** Runs the registered callbacks once: the list is taken under the lock by exactly one caller. */
    private void runCallbacks() {
        List<Runnable> run;
        synchronized (this) {
            run = callbacks;
            callbacks = null;
        }
        if (run != null) {
            run.forEach(Runnable::run);
        }
    }

    /**
     * Waits until done, then throws this operation's error if it has one. Throws the engine's failure if the job
     * fails while waiting.
     */
    public final void await(MatchingEngine engine) {
        if (!done) {
            awaitSlow(engine);
        }
        RuntimeException e = error;
        if (e != null) {
            throw e;
        }
    }

    private void awaitSlow(MatchingEngine engine) {
        Progress p = engine.progress();
        if (p != null && p.budgetNanos() > 0) {
            if (p.reaches(peer, bytes)) {
                awaitByProgress(p, engine);
                return;
            }
            p.bypass();
        }
        // While it spins and yields, a wait drains the messages local senders queue in rings (if any); once it
        // parks, the senders drain them (MatchingEngine.startServing).
        if (spinAndYield(engine)) {
            return;
        }
        WaitPolicy.spinFailed();
        waiter = Thread.currentThread();
        engine.startServing();
        try {
            while (!done) {
                engine.checkFailure();
                CommInterruptedException.check(WAITING);
                LockSupport.parkNanos(this, PARK_SLICE_NANOS);
            }
        } finally {
            waiter = null;
            engine.stopServing();
        }
    }

    /** The spin and yield phases of a wait; true if it ended in them. */
    private boolean spinAndYield(MatchingEngine engine) {
        // A partner with a core of its own usually answers within a few spins. Those consult no policy (asking it may
        // read the clock, some 25 ns); when ranks outnumber cores they are few (WaitPolicy.firstSpins).
        for (int i = WaitPolicy.firstSpins(); i > 0; i--) {
            if (settled(engine)) {
                return true;
            }
            Thread.onSpinWait();
        }
        for (int i = WaitPolicy.spins() - WaitPolicy.MIN_SPINS; i > 0; i--) {
            if (settled(engine)) {
                WaitPolicy.spinSucceeded();
                return true;
            }
            Thread.onSpinWait();
        }
        for (int i = 0, yields = WaitPolicy.yields(); i < yields; i++) {
            if (settled(engine)) {
                WaitPolicy.endedInYields(i);
                return true;
            }
            engine.checkFailure();
            CommInterruptedException.check(WAITING);
            Thread.yield();
        }
        return false;
    }

    /**
     * Whether the operation is done, after a look for what this waiter can do meanwhile: a share of an offered
     * copy, then the messages its rings hold.
     */
    private boolean settled(MatchingEngine engine) {
        if (done) {
            return true;
        }
        CooperativeCopy c = offered;
        if (c != null && c.help()) {
            return done;
        }
        return engine.poll() && done;
    }

    /**
     * Waits through the transport ({@link Progress}): polls it for its budget (when spinning would steal its
     * partner's core, {@link WaitPolicy#oversubscribed()}, yielding between all polls); then blocks in it until
     * something arrives and reads that itself (a rank with a core of its own counts the budget from the last byte
     * moved and polls again after a block that bytes moved in, {@link #pollFor}). Whatever the machine's load, a
     * message so costs at most the one wake-up a blocking socket read costs, never a reader thread's wake-up and
     * then this thread's. A completion that comes from another thread (the transport's data pump, a failure)
     * wakes the block as it would unpark a parked waiter.
     *
     * <p>Within the budget the wait spins between polls for {@link #SPIN_POLL_NANOS} only and yields between the
     * later ones: a reply that has not come by then is most likely from a partner without a core, perhaps waiting
     * for this one (two ranks and any other process on two cores), and spinning through the rest of the budget
     * made every such message cost the whole budget and then a wake-up.
     */
    private void awaitByProgress(Progress p, MatchingEngine engine) {
        boolean finished = false;
        long blockedAt = -1;
        long blockedNanos = -1;
        p.begin();
        // While it reads its sockets a hybrid rank drains no rings: its neighbours in this JVM deliver to it directly.
        engine.startServing();
        try {
            // Oversubscribed, it yields between polls from the start, but for no longer than the budget either: on
            // an idle core a yield returns at once, and thousands of them held the core for milliseconds. Shortly
            // after a yield that lost the core for a time slice it does not yield at all (WaitPolicy.yielded).
            long start = System.nanoTime();
            boolean yielding = WaitPolicy.yieldsPay(start);
            boolean spin = !yielding || !WaitPolicy.oversubscribed();
            long budget = yielding ? p.budgetNanos() : Math.min(p.budgetNanos(), SPIN_POLL_NANOS);
            // A rank with a core of its own polls on while the bytes of a large message move; in a crowded job a
            // wait that blocks lets the partners it waits for have the core, as before.
            boolean whileMoving = bytes > STREAMED_BYTES && !WaitPolicy.ranksOutnumberCores();
            while (true) {
                if (pollFor(p, budget, start, spin, whileMoving)) {
                    finished = true;
                    return;
                }
                blockedIn = p;
                waiter = Thread.currentThread();
                long blocked = System.nanoTime();
                try {
                    // Blocks until something moves, then polls again: the rest of a message under way comes in
                    // pieces, and blocking for each piece cost a wake-up each.
                    while (true) {
                        p.poll();
                        if (done) {
                            finished = true;
                            return;
                        }
                        if (whileMoving && p.lastMoved() - blocked > 0) {
                            break;
                        }
                        engine.checkFailure();
                        CommInterruptedException.check(WAITING);
                        if (blockedAt < 0) {
                            blockedAt = System.nanoTime();
                        }
                        p.block(PARK_SLICE_NANOS);
                    }
                } finally {
                    waiter = null;
                    blockedIn = null;
                    if (blockedAt >= 0 && blockedNanos < 0) {
                        blockedNanos = System.nanoTime() - blockedAt;
                    }
                }
                start = System.nanoTime();
            }
        } finally {
            engine.stopServing();
            p.end(finished, blockedNanos);
        }
    }

    /**
     * Polls until done (true), or until nothing has moved for {@code budget} (false). With {@code whileMoving} (a
     * wait for a message of more than {@link #STREAMED_BYTES}) the budget counts from the last byte the rank's
     * connections read or wrote, not from the start of the wait: a message of megabytes takes longer than any budget
     * to arrive, and a wait that blocked while its pieces were still coming slept through the gaps between them. In
     * 4 MiB ping-pongs between two JVMs, a third of the round trips blocked 5-12 times each, for about 100 µs a
     * wake-up, and took 3 times as long as those that did not (docs/benchmarks-msg-log.md).
     */
    private boolean pollFor(Progress p, long budget, long start, boolean spin, boolean whileMoving) {
        while (true) {
            p.poll();
            CooperativeCopy c = offered;
            if (c != null) {
                c.help();
            }
            if (done) {
                return true;
            }
            long now = System.nanoTime();
            long moved = whileMoving ? p.lastMoved() : start;
            long idle = now - (moved - start > 0 ? moved : start);
            if (idle >= budget) {
                return false;
            }
            if (spin && idle < SPIN_POLL_NANOS) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
                long after = System.nanoTime();
                if (!WaitPolicy.yielded(after - now, after)) {
                    return false;
                }
            }
        }
    }
}
