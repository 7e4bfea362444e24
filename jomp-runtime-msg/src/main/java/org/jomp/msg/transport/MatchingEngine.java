package org.jomp.msg.transport;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;

import org.jomp.msg.CollectiveMismatchException;
import org.jomp.msg.CommException;
import org.jomp.msg.RankFailedException;

/**
 * One rank's message matching, as MPI defines it: a message matches the oldest posted receive with its context,
 * whose source and tag are equal or wildcards; a receive matches the oldest unexpected message it accepts. Both
 * queues are searched and changed under one lock, so messages from one sender on one (context, tag) are matched in
 * the order they were delivered. The data copy itself happens outside the lock (but for a ring message's, which
 * is small).
 *
 * <p>A transport calls {@link #deliver} for each arriving message and {@link #peerFailed} when a peer is lost.
 * Ranks that are threads of one JVM may also queue small messages in a {@link MessageRing} per sender, without the
 * lock: this rank's waits drain the rings into matching as they spin and yield, everything that matches drains
 * them first (so a sender's ring messages stay ahead of its later ones), a blocking receive with nothing else
 * posted or unexpected takes its message straight from its sender's ring, and while one of its completions is
 * awaited without polling (a parked wait, a callback) its senders drain them
 * ({@link MessageRing#consumerMustServe}).
 */
public final class MatchingEngine {
    /** Wildcard source or tag in a receive. */
    public static final int ANY = -1;

    private final List<ReceiveSlot> posted = new ArrayList<>();
    private final List<Arrival> unexpected = new ArrayList<>();
    private final BitSet endedPeers = new BitSet();
    private String closed;
    private volatile int failedRank = -1;
    private volatile Throwable failureCause;
    private volatile Progress progress;
    /** By sender world rank: the rings local senders queue small messages in; null when there are none. */
    private MessageRing[] rings;
    /**
     * At SERVED, apart from every other field: how many of this rank's completions are awaited by nobody polling
     * the rings, or positive once the rank has ended or failed ({@link MessageRing#consumerMustServe}). It changes
     * only when a wait parks or a callback is registered, so senders read it from their own caches.
     */
    private final AtomicLongArray served = new AtomicLongArray(2 * SERVED);
    private static final int SERVED = 16;

    private record Arrival(Envelope envelope, Payload payload) {
    }

    /** A collective's send that its receiver has not taken yet, checked against arrivals as posted receives are. */
    private record PendingSend(String call, int rank, int context, int tag, Completion done) {
        String conflict(Envelope e) {
            String why = e.context() == context ? CollectiveTag.sendConflict(tag, e.tag(), e.source()) : null;
            return why == null ? null : call + " on rank " + rank + ": " + why;
        }
    }

    /** Collective sends not complete when they were started (large ones, waiting for their receivers). */
    private final List<PendingSend> pendingSends = new ArrayList<>();

    /** Lets this rank's waits make progress through {@code p} (see {@link Progress}). */
    public void progressBy(Progress p) {
        progress = p;
    }

    /**
     * Lets the local senders queue small messages for this rank in {@code rings} (by sender world rank, null where
     * none); set before the ranks start.
     */
    public void receiveThrough(MessageRing[] rings) {
        this.rings = rings;
        for (MessageRing r : rings) {
            if (r != null) {
                r.consumedBy(served, SERVED);
            }
        }
    }

    /**
     * Starts awaiting a completion without polling (before parking, or when a callback is registered): senders
     * serve this rank until {@link #stopServing}; what they queued until now is drained here.
     */
    void startServing() {
        if (rings != null) {
            served.getAndIncrement(SERVED);
            drainRings();
        }
    }

    /** Serves this rank until {@code c} completes: for a completion a callback awaits, which polls nothing. */
    public void serveUntilDone(Completion c) {
        if (rings != null && !c.isDone()) {
            startServing();
            c.whenDone(this::stopServing);
        }
    }

    /** Ends what {@link #startServing} started. */
    void stopServing() {
        if (rings != null) {
            served.getAndDecrement(SERVED);
        }
    }

    /**
     * A blocking receive's fast path between ranks that are threads of one JVM: while this rank has no posted receive
     * and no unexpected message, spins for the ring from world rank {@code worldSource}, and if its oldest message
     * is for (context, source, tag), of {@code kind} and at most {@code capacity} elements, copies it straight into
     * {@code dest}. Returns its tag << 32 | count; or -1, having taken nothing, as soon as that is not so or the
     * spin phase ends: the caller then posts a receive, which also reports a mismatch. It spares a small message's
     * receive the slot, the envelope and the completion, and takes the lock once instead of twice (post, drain).
     */
    public long receiveFromRing(int worldSource, int context, int source, int tag, PayloadKind kind, Object dest,
                                int offset, int capacity) {
        MessageRing[] rs = rings;
        MessageRing r = rs == null || worldSource < 0 ? null : rs[worldSource];
        if (r == null) {
            return -1;
        }
        for (int i = WaitPolicy.spins(); i > 0; i--) {
            // Racy reads of the queues' sizes: a stale one only sends the receive the usual way, or is caught below.
            if (!posted.isEmpty() || !unexpected.isEmpty() || failureCause != null) {
                return -1;
            }
            if (r.ready()) {
                synchronized (this) {
                    if (!posted.isEmpty() || !unexpected.isEmpty() || failureCause != null || closed != null) {
                        return -1;
                    }
                    return r.takeIfFor(context, source, tag, kind, dest, offset, capacity);
                }
            }
            Thread.onSpinWait();
        }
        return -1;
    }

    /** Drains the rings if a message waits in one; returns whether one did. */
    public boolean poll() {
        MessageRing[] rs = rings;
        if (rs != null) {
            for (MessageRing r : rs) {
                if (r != null && r.ready()) {
                    drainRings();
                    return true;
                }
            }
        }
        return false;
    }

    /** Moves every message queued in the rings into matching: into the receives it completes, or unexpected. */
    public void drainRings() {
        if (rings == null) {
            return;
        }
        ReceiveSlot filled;
        synchronized (this) {
            filled = drainLocked();
        }
        finish(filled);
    }

    /**
     * Under the lock: matches the ring messages in each ring's order, copying each into the receive it matches
     * (which the caller completes after the lock, {@link #finish}: the receives are chained through
     * {@link ReceiveSlot#nextFilled}) or keeping a copy as unexpected. Once the job has failed or this rank has
     * ended, they are dropped: their senders went on when they queued them.
     */
    private ReceiveSlot drainLocked() {
        MessageRing[] rs = rings;
        if (rs == null) {
            return null;
        }
        ReceiveSlot filled = null;
        ReceiveSlot last = null;
        for (MessageRing r : rs) {
            if (r == null) {
                continue;
            }
            for (Envelope e; (e = r.peek()) != null; r.remove()) {
                if (failureCause != null || closed != null) {
                    continue;
                }
                ReceiveSlot slot = takePosted(e);
                if (slot == null) {
                    unexpected.add(new Arrival(e, r.oldest().retain()));
                    failConflicting(e);
                } else {
                    slot.fill(e, r.oldest());
                    if (last == null) {
                        filled = slot;
                    } else {
                        last.nextFilled = slot;
                    }
                    last = slot;
                }
            }
        }
        return filled;
    }

    /** Completes the receives of a drain, in the order they were filled. */
    private static void finish(ReceiveSlot filled) {
        for (ReceiveSlot s = filled; s != null; ) {
            ReceiveSlot next = s.nextFilled;
            s.nextFilled = null;
            s.finish();
            s = next;
        }
    }

    /**
     * Fails the posted collective receives that unexpected message {@code e} shows can never match (ranks that
     * called different collectives, {@link CollectiveTag#conflict}); under the lock.
     */
    private void failConflicting(Envelope e) {
        for (int i = 0; i < posted.size(); i++) {
            ReceiveSlot s = posted.get(i);
            if (s.collectiveIn(e)) {
                String why = s.conflict(e);
                if (why != null) {
                    posted.remove(i--);
                    s.fail(new CollectiveMismatchException(why));
                }
            }
        }
        for (int i = 0; i < pendingSends.size(); i++) {
            PendingSend p = pendingSends.get(i);
            if (p.done.isDone()) {
                pendingSends.remove(i--);
                continue;
            }
            String why = p.conflict(e);
            if (why != null) {
                pendingSends.remove(i--);
                p.done.fail(new CollectiveMismatchException(why));
            }
        }
    }

    /**
     * Watches a send of collective {@code call} (tag a {@link CollectiveTag}) until it completes: a message that
     * shows its receiver in another collective with the same number fails it, as it would fail a receive.
     */
    public void watchCollectiveSend(String call, int rank, int context, int tag, Completion done) {
        if (done.isDone()) {
            return; // an eager send, the usual case: no lock taken
        }
        PendingSend p = new PendingSend(call, rank, context, tag, done);
        String why = null;
        synchronized (this) {
            if (done.isDone()) {
                return;
            }
            // Completed sends leave the list here and in failConflicting: a completion callback would take this lock
            // on whatever thread completes the send, perhaps one that holds another rank's engine.
            pendingSends.removeIf(q -> q.done.isDone());
            for (Arrival a : unexpected) {
                why = p.conflict(a.envelope);
                if (why != null) {
                    break;
                }
            }
            if (why == null) {
                pendingSends.add(p);
            }
        }
        if (why != null) {
            done.fail(new CollectiveMismatchException(why));
        }
    }

    /** Removes and returns the oldest posted receive matching {@code e}, or null; under the lock. */
    private ReceiveSlot takePosted(Envelope e) {
        for (int i = 0; i < posted.size(); i++) {
            ReceiveSlot s = posted.get(i);
            if (s.matches(e)) {
                return posted.remove(i);
            }
        }
        return null;
    }

    /** What a wait of this rank polls while it spins, or {@code null}. */
    Progress progress() {
        return progress;
    }

    /** A message arrives for this rank: it fills a matching posted receive, or waits as unexpected. */
    public void deliver(Envelope e, Payload p) {
        ReceiveSlot slot;
        ReceiveSlot filled;
        synchronized (this) {
            filled = drainLocked();
            if (failureCause != null) {
                p.discard(failure());
                return;
            }
            if (closed != null) {
                p.discard(new CommException(closed));
                return;
            }
            slot = takePosted(e);
            if (slot == null) {
                unexpected.add(new Arrival(e, p.retain()));
                failConflicting(e);
            }
        }
        finish(filled);
        if (slot != null) {
            slot.accept(e, p);
        }
    }

    /**
     * Posts a receive: it takes the oldest matching unexpected message at once, or waits for one. The rings are not
     * drained here: a sender's ring messages are newer than its unexpected ones, and when a wait drains them each
     * still matches the oldest posted receive that accepts it, this one included.
     */
    public void post(ReceiveSlot slot) {
        Arrival hit = null;
        synchronized (this) {
            if (failureCause != null) {
                slot.fail(failure());
                return;
            }
            String conflict = null;
            for (int i = 0; i < unexpected.size(); i++) {
                Arrival a = unexpected.get(i);
                if (slot.matches(a.envelope)) {
                    hit = unexpected.remove(i);
                    break;
                }
                // Only messages older than the one it takes: a later one of its source may be of a later collective.
                if (slot.collectiveIn(a.envelope)) {
                    conflict = slot.conflict(a.envelope);
                    if (conflict != null) {
                        break;
                    }
                }
            }
            if (conflict != null) {
                slot.fail(new CollectiveMismatchException(conflict));
            } else if (hit == null) {
                if (slot.worldSource != ANY && endedPeers.get(slot.worldSource)) {
                    slot.senderEnded();
                } else {
                    posted.add(slot);
                }
            }
        }
        if (hit != null) {
            slot.accept(hit.envelope, hit.payload);
        }
    }

    /** The envelope of the oldest unexpected message matching, without receiving it, or {@code null}. */
    public Envelope probe(int context, int source, int tag) {
        drainRings();
        synchronized (this) {
            return probeLocked(context, source, tag);
        }
    }

    private Envelope probeLocked(int context, int source, int tag) {
        checkFailure();
        for (Arrival a : unexpected) {
            Envelope e = a.envelope;
            if (e.context() == context && (source == ANY || source == e.source()) && (tag == ANY || tag == e.tag())) {
                return e;
            }
        }
        return null;
    }

    /**
     * Why a wait in host memory of a collective whose messages carry {@code tag}, for rank {@code source} of the
     * communicator with collective context {@code context}, can never end, given the messages that arrived unreceived
     * ({@link CollectiveTag#hostConflict}); {@code null} when none says so.
     */
    public String hostConflict(int context, int tag, int source) {
        drainRings();
        synchronized (this) {
            for (Arrival a : unexpected) {
                Envelope e = a.envelope;
                String why = e.context() == context ? CollectiveTag.hostConflict(tag, source, e.tag(), e.source())
                        : null;
                if (why != null) {
                    return why;
                }
            }
            return null;
        }
    }

    /** Whether world rank {@code worldRank} has ended normally ({@link #peerEnded}). */
    public synchronized boolean hasEnded(int worldRank) {
        return endedPeers.get(worldRank);
    }

    /**
     * A peer of this rank is lost (it threw, died, or closed its connection): every pending and future operation
     * of this rank fails with a {@link RankFailedException} naming {@code worldRank}. The first failure wins.
     */
    public void peerFailed(int worldRank, Throwable cause) {
        List<ReceiveSlot> slots;
        List<Arrival> dropped;
        synchronized (this) {
            if (failureCause != null) {
                return;
            }
            failedRank = worldRank;
            failureCause = cause;
            served.getAndIncrement(SERVED);
            // Only drops the ring messages, now that the job has failed.
            drainLocked();
            slots = new ArrayList<>(posted);
            dropped = new ArrayList<>(unexpected);
            posted.clear();
            unexpected.clear();
        }
        slots.forEach(s -> s.fail(failure()));
        dropped.forEach(a -> a.payload.discard(failure()));
    }

    /**
     * World rank {@code worldRank} has ended normally and has delivered every message it sent: receives that wait
     * for it specifically, now or later, can never match, and fail instead of waiting forever.
     */
    public void peerEnded(int worldRank) {
        List<ReceiveSlot> orphans = new ArrayList<>();
        ReceiveSlot filled;
        synchronized (this) {
            filled = drainLocked();
            endedPeers.set(worldRank);
            for (Iterator<ReceiveSlot> it = posted.iterator(); it.hasNext(); ) {
                ReceiveSlot s = it.next();
                if (s.worldSource == worldRank) {
                    it.remove();
                    orphans.add(s);
                }
            }
        }
        finish(filled);
        orphans.forEach(ReceiveSlot::senderEnded);
    }

    /**
     * This engine's rank has ended: messages still unreceived, and any sent later, fail their senders with a
     * {@link CommException} saying {@code reason}, instead of waiting forever for a receive.
     */
    public void close(String reason) {
        List<Arrival> dropped;
        ReceiveSlot filled;
        synchronized (this) {
            filled = drainLocked();
            closed = reason;
            served.getAndIncrement(SERVED);
            dropped = new ArrayList<>(unexpected);
            unexpected.clear();
        }
        finish(filled);
        dropped.forEach(a -> a.payload.discard(new CommException(reason)));
    }

    /**
     * This rank has ended normally: prints a warning naming the collective messages it never received, if any (and
     * the job has not failed). Every message a collective sends is received within that collective, so one left
     * over is from a collective this rank did not call, or called with another root: the ranks disagreed, in a way
     * no receive could see (the last collective of a program, say).
     */
    public synchronized void warnUnreceivedCollectives(int worldRank) {
        if (failureCause != null || closed != null || !CollectiveTag.CHECKED) {
            return;
        }
        List<String> left = new ArrayList<>();
        int count = 0;
        for (Arrival a : unexpected) {
            Envelope e = a.envelope;
            if (CollectiveTag.isCollectiveContext(e.context()) && count++ < 3) {
                left.add("from rank " + e.source() + " of its communicator, its " + CollectiveTag.describe(e.tag()));
            }
        }
        if (count > 0) {
            // Standard error, not a logger: for a JVM rank this runs in a shutdown hook, where logging may be off.
            System.err.println("jomp: warning: rank " + worldRank + " ended with " + count + " message"
                    + (count == 1 ? "" : "s") + " of collectives it never received (" + String.join("; ", left)
                    + (count > left.size() ? "; ..." : "") + "): the ranks did not call the same collectives of a"
                    + " communicator in the same order, with the same root");
        }
    }

    /** Throws the job's failure, if a peer has failed. */
    public void checkFailure() {
        if (failureCause != null) {
            throw failure();
        }
    }

    /** The job's failure, naming the rank that failed first, or {@code null} while no peer has failed. */
    public RankFailedException failureIfAny() {
        return failureCause != null ? failure() : null;
    }

    /** True once a peer has failed. */
    public boolean failed() {
        return failureCause != null;
    }

    private RankFailedException failure() {
        return new RankFailedException(failedRank, failureCause);
    }
}
