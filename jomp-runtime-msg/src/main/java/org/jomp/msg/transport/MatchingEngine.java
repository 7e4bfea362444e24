package org.jomp.msg.transport;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Iterator;
import java.util.List;

import org.jomp.msg.CommException;
import org.jomp.msg.RankFailedException;

/**
 * One rank's message matching, as MPI defines it: a message matches the oldest posted receive with its context,
 * whose source and tag are equal or wildcards; a receive matches the oldest unexpected message it accepts. Both
 * queues are searched and changed under one lock, so messages from one sender on one (context, tag) are matched in
 * the order they were delivered. The data copy itself happens outside the lock.
 *
 * <p>A transport calls {@link #deliver} for each arriving message and {@link #peerFailed} when a peer is lost.
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

    private record Arrival(Envelope envelope, Payload payload) {
    }

    /** Lets this rank's waits make progress through {@code p} (see {@link Progress}). */
    public void progressBy(Progress p) {
        progress = p;
    }

    /** What a wait of this rank polls while it spins, or {@code null}. */
    Progress progress() {
        return progress;
    }

    /** A message arrives for this rank: it fills a matching posted receive, or waits as unexpected. */
    public void deliver(Envelope e, Payload p) {
        ReceiveSlot slot = null;
        synchronized (this) {
            if (failureCause != null) {
                p.discard(failure());
                return;
            }
            if (closed != null) {
                p.discard(new CommException(closed));
                return;
            }
            for (Iterator<ReceiveSlot> it = posted.iterator(); it.hasNext(); ) {
                ReceiveSlot s = it.next();
                if (s.matches(e)) {
                    it.remove();
                    slot = s;
                    break;
                }
            }
            if (slot == null) {
                unexpected.add(new Arrival(e, p.retain()));
                return;
            }
        }
        slot.accept(e, p);
    }

    /** Posts a receive: it takes the oldest matching unexpected message at once, or waits for one. */
    public void post(ReceiveSlot slot) {
        Arrival hit = null;
        synchronized (this) {
            if (failureCause != null) {
                slot.fail(failure());
                return;
            }
            for (Iterator<Arrival> it = unexpected.iterator(); it.hasNext(); ) {
                Arrival a = it.next();
                if (slot.matches(a.envelope)) {
                    it.remove();
                    hit = a;
                    break;
                }
            }
            if (hit == null) {
                if (slot.worldSource != ANY && endedPeers.get(slot.worldSource)) {
                    slot.senderEnded();
                } else {
                    posted.add(slot);
                }
                return;
            }
        }
        slot.accept(hit.envelope, hit.payload);
    }

    /** The envelope of the oldest unexpected message matching, without receiving it, or {@code null}. */
    public synchronized Envelope probe(int context, int source, int tag) {
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
        synchronized (this) {
            endedPeers.set(worldRank);
            for (Iterator<ReceiveSlot> it = posted.iterator(); it.hasNext(); ) {
                ReceiveSlot s = it.next();
                if (s.worldSource == worldRank) {
                    it.remove();
                    orphans.add(s);
                }
            }
        }
        orphans.forEach(ReceiveSlot::senderEnded);
    }

    /**
     * This engine's rank has ended: messages still unreceived, and any sent later, fail their senders with a
     * {@link CommException} saying {@code reason}, instead of waiting forever for a receive.
     */
    public void close(String reason) {
        List<Arrival> dropped;
        synchronized (this) {
            closed = reason;
            dropped = new ArrayList<>(unexpected);
            unexpected.clear();
        }
        dropped.forEach(a -> a.payload.discard(new CommException(reason)));
    }

    /** Throws the job's failure, if a peer has failed. */
    public void checkFailure() {
        if (failureCause != null) {
            throw failure();
        }
    }

    /** True once a peer has failed. */
    public boolean failed() {
        return failureCause != null;
    }

    private RankFailedException failure() {
        return new RankFailedException(failedRank, failureCause);
    }
}
