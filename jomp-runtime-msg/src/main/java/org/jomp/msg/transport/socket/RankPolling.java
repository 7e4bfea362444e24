package org.jomp.msg.transport.socket;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import org.jomp.msg.transport.Progress;

/**
 * The socket transport's receiver-driven progress: a rank thread that waits reads its connections itself. It
 * first polls them with non-blocking reads for its budget (on a busy machine yielding between all polls), so a
 * ping-pong between two waiting ranks pays no wake-up at all; then it blocks in a selector of its own over all its
 * connections and, woken by an arrival, reads it itself, as a blocking socket read would. The budget starts at
 * {@code -Djomp.msg.socket.pollMicros} (default 50 µs) and adapts between that and {@link #MAX_BUDGET_NANOS}
 * ({@link #adapt}). Its polls also write the rendezvous data of sends whose clear-to-send it read, as far as the
 * sockets take it, so a large message travels without the pump. 0 turns this off (the reader threads then read
 * everything and hand it over). A hybrid rank polls only while it waits for a small message from or to another
 * JVM ({@link #reaches}).
 *
 * <p>While a rank thread waits, and for {@link #HAND_BACK_NANOS} after (or after it pushed a large message,
 * {@link #pushed}), the reader threads stay parked instead of selecting, so they do not wake for data the rank
 * thread takes (the rank is likely to wait again soon); a rank that computes between waits leaves its readers
 * parked for the hand-back time and up to the watcher's slice after it (1 ms, up to {@link #MAX_WATCH_NANOS} after
 * a stretch of waits without pause), which delays only the protocol's own replies (a clear-to-send) to messages
 * that arrive meanwhile. A wait that ends without its completion (a failure, an interrupt) wakes the readers at
 * once.
 *
 * <p>Earlier the wait handed reading back to the reader threads when its poll budget ran out (on a busy machine,
 * at once) and then spun, yielded and parked on its completion: a message then cost the reader's wake-up and a
 * hand-off to the rank thread.
 */
final class RankPolling implements Progress {
    /** How long after a wait the readers stay parked; the watching reader's first park slice ({@link #readerIdle}). */
    static final long HAND_BACK_NANOS = 1_000_000;
    /** The park slice of a reader other than the watcher ({@link #readerIdle}). */
    private static final long PARKED_READER_NANOS = 10 * HAND_BACK_NANOS;
    /** The longest park slice of the watching reader ({@link #readerIdle}). */
    static final long MAX_WATCH_NANOS = 8 * HAND_BACK_NANOS;
    /** How long a blocked wait sleeps when another thread is reading one of its connections. */
    private static final long CONTENDED_NANOS = 20_000;

    /** How long a rank thread in the middle of a frame blocks before it reads its other connections again. */
    private static final long MID_FRAME_BLOCK_NANOS = 1_000_000;

    /** The most a wait polls, however its budget grows. */
    static final long MAX_BUDGET_NANOS = 500_000;

    private static final Consumer<SelectionKey> MARK_READABLE = k -> ((Connection) k.attachment()).markReadable();

    private final Connection[] connections;
    /** When this was made: the {@link #lastMoved} of a rank whose connections have moved nothing since. */
    private final long created = System.nanoTime();
    private final boolean everyPeer;
    private final long smallBytes;
    /** The configured budget: the floor of the adaptive one. */
    private final long minBudgetNanos;
    private final long maxBudgetNanos;
    /** Shared by the rank's waits and updated without synchronisation: a lost update only delays the adaptation. */
    private volatile long budgetNanos;
    private Selector arrivals;
    /**
     * The readiness check of a rank with several connections ({@link #poll}); null with one, which a read checks
     * as cheaply.
     */
    private Selector ready;
    private volatile int polling;
    /** Reader threads parked in {@link #readerIdle} other than the watcher. */
    private final AtomicInteger parkedReaders = new AtomicInteger();
    private volatile long lastPolled = System.nanoTime() - 2 * HAND_BACK_NANOS;
    /** When the rank last pushed a large message ({@link #pushed}). */
    private volatile long lastPushed = System.nanoTime() - 2 * HAND_BACK_NANOS;
    /** The watching reader's park slice; only that reader updates it. */
    private volatile long watchNanos = HAND_BACK_NANOS;
    /** The last {@link #poll} found a connection read by another thread (its data may still be unread). */
    private volatile boolean contended;

    /**
     * @param everyPeer  whether this rank has a connection to every other rank (a socket job); in a hybrid job a
     *                   wait polls only for a small message from or to another JVM ({@link #reaches})
     * @param smallBytes the largest message a hybrid rank's wait polls for
     */
    RankPolling(Connection[] connections, long budgetNanos, boolean everyPeer, long smallBytes) {
        this.connections = connections;
        this.everyPeer = everyPeer;
        this.smallBytes = smallBytes;
        this.minBudgetNanos = budgetNanos;
        this.maxBudgetNanos = Math.max(budgetNanos, MAX_BUDGET_NANOS);
        this.budgetNanos = budgetNanos;
    }

    /** Opens the selector the waits block in, once every connection is attached. */
    void start() {
        try {
            if (Arrays.stream(connections).filter(Objects::nonNull).count() > 1) {
                ready = Selector.open();
                for (Connection c : connections) {
                    if (c != null) {
                        c.registerForPolls(ready);
                    }
                }
            }
            arrivals = Selector.open();
            for (Connection c : connections) {
                if (c != null) {
                    c.registerForArrivals(arrivals);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("socket transport: cannot open the rank's selector", e);
        }
    }

    /** Closes the selector (the connections have ended). */
    void stop() {
        for (Selector s : new Selector[] {arrivals, ready}) {
            if (s != null) {
                try {
                    s.close();
                } catch (IOException e) {
                    // Closing at the end of the job: nothing waits on it any more.
                }
            }
        }
    }

    @Override
    public long budgetNanos() {
        return budgetNanos;
    }

    /**
     * The budget configured for this JVM, the floor of the adaptive one: 2 ms in a JVM bound to cores of its own
     * ({@link MeshConfig#pollMicros()}), where polling spends only its own cores.
     */
    long configuredBudgetNanos() {
        return minBudgetNanos;
    }

    /**
     * A socket job's waits all poll. A hybrid rank's waits poll only for a small message (up to the eager limit)
     * from or to a rank of another JVM: 1-byte ping-pongs between two JVMs of 2 ranks read 8-18 us a trip so, 24-51
     * us when the reader threads took every message. Most of its waits are for neighbours in its own JVM, and a read
     * syscall in each of their spins would slow those hand-offs; a wait for any source is left to the readers too.
     * So are large messages: with more rank threads than cores, ranks that poll for megabytes took 1.5-2 times as
     * long as blocking readers (msgbench's 1 MB allreduce and allgather at 8 ranks in 2 JVMs).
     */
    @Override
    public boolean reaches(int peer, long bytes) {
        return everyPeer
                || bytes <= smallBytes && peer >= 0 && peer < connections.length && connections[peer] != null;
    }

    @Override
    public synchronized void begin() {
        polling++;
    }

    /**
     * Reads what has arrived on the rank's connections and writes what they have room for. With several
     * connections, one readiness check (an {@code epoll_wait} that does not wait, as Open MPI's TCP transport polls)
     * picks the sockets to read, instead of a read on each: at 8 ranks a poll was 7 reads, and with 8 rank JVMs on
     * 2 cores their yield-and-poll loops took the cores the ranks waited for.
     */
    @Override
    public void poll() {
        Selector s = ready;
        if (s != null) {
            try {
                // The connections are read after the check, not in it: a read that waits for the rest of a frame
                // polls again, and a selector does not allow a select within its own.
                s.selectNow(MARK_READABLE);
            } catch (ClosedSelectorException e) {
                // The job has ended; the connections report how.
            } catch (IOException e) {
                throw new UncheckedIOException("socket transport: the rank's readiness check failed", e);
            }
        }
        boolean busy = false;
        for (Connection c : connections) {
            if (c != null && !c.poll(s == null || c.takeReadable())) {
                busy = true;
            }
        }
        contended = busy;
    }

    @Override
    public long lastMoved() {
        long last = created;
        for (Connection c : connections) {
            if (c != null) {
                long t = c.lastMoved();
                if (t - last > 0) {
                    last = t;
                }
            }
        }
        return last;
    }

    /**
     * Waits for an arrival in the selector, or for room in a socket the rank thread has rendezvous data to write
     * to ({@link Connection}); while some data waits for room in a ring instead, only a short park, since nothing
     * wakes the selector when the ring's receiver frees room. A second waiting thread of the rank (a program whose
     * threads communicate at once) queues on the selector's lock behind the first, for at most a slice.
     */
    @Override
    public void block(long nanos) {
        if (contended) {
            LockSupport.parkNanos(this, CONTENDED_NANOS);
            return;
        }
        for (Connection c : connections) {
            // No selector wakes it when the receiver frees room in the ring.
            if (c != null && c.awaitsRingRoom()) {
                LockSupport.parkNanos(this, MappedRing.ROOM_PARK_NANOS);
                return;
            }
        }
        try {
            arrivals.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(nanos)));
            arrivals.selectedKeys().clear();
        } catch (ClosedSelectorException e) {
            LockSupport.parkNanos(this, nanos);
        } catch (IOException e) {
            throw new UncheckedIOException("socket transport: the rank's selector failed", e);
        }
    }

    /** True once {@link #start} has opened the selector: rank threads read their connections themselves. */
    boolean started() {
        return arrivals != null;
    }

    /**
     * A rank thread waits for the rest of a frame on one of its connections (the data of a rendezvous receive that
     * it reads itself): meanwhile it reads its other connections, writes its own rendezvous data to all of them, and
     * blocks until any has something to read or room to write. Their reader threads keep out while it polls, and
     * a clear-to-send among their frames may be what the awaited data depends on: ranks that each waited for data
     * from the one before them in a ring, while the clear-to-send for their own data lay unread, deadlocked (a
     * bcast of 1 MB on 4 socket ranks hung about one run in five). Writing its own data itself spares the hand-off
     * to the pump in an exchange, where both ends send and receive at once.
     */
    void awaitMidFrame() {
        poll();
        block(MID_FRAME_BLOCK_NANOS);
    }

    @Override
    public void wake() {
        Selector s = arrivals;
        if (s != null) {
            s.wakeup();
        }
    }

    /**
     * Adapts the poll budget to how the wait ended, as {@link org.jomp.msg.transport.WaitPolicy} adapts the spin
     * budget: a wait whose message came within as long again as it had polled (counting from its block) doubles
     * it, since polling that long would have saved the block and its wake-up; one that blocked for longer than
     * the most a wait may poll halves it (the partner was computing, polling would not have caught it).
     * Otherwise a budget shorter than a blocked rank's wake-up and reply traps a ping-pong: each rank's poll ends
     * just before the reply comes, so it blocks, and its own reply then comes late to a partner that blocks too.
     */
    private void adapt(long blockedNanos) {
        long b = budgetNanos;
        if (blockedNanos < b) {
            budgetNanos = Math.min(maxBudgetNanos, 2 * b);
        } else if (blockedNanos > maxBudgetNanos) {
            budgetNanos = Math.max(minBudgetNanos, b / 2);
        }
    }

    @Override
    public void end(boolean done, long blockedNanos) {
        if (done && blockedNanos >= 0) {
            adapt(blockedNanos);
        }
        boolean last;
        synchronized (this) {
            last = --polling == 0;
            lastPolled = done ? System.nanoTime() : System.nanoTime() - 2 * HAND_BACK_NANOS;
            if (!done) {
                lastPushed = lastPolled;
            }
        }
        if (last) {
            // The rendezvous data the rank's waits wrote between polls goes on without them.
            for (Connection c : connections) {
                if (c != null) {
                    c.handOver();
                }
            }
        }
        if (!done) {
            wakeReaders();
        }
    }

    /**
     * A reader thread keeps out of the way while the rank thread reads ({@link #rankReads}). One reader, the
     * watcher (that of the first connection still open), parks in slices and wakes the others once the rank thread
     * has stopped reading; they park in slices of {@link #PARKED_READER_NANOS}, a bound on a wake-up the watcher
     * misses while it reads its own connection. With every reader checking each hand-back time, 8 ranks on 2 cores
     * woke some 90,000 times a second (about 1,700 times per reader), a share of the cores the ranks needed. The
     * watcher's slice starts at the hand-back time and doubles, up to {@link #MAX_WATCH_NANOS}, while each check
     * finds the rank thread still reading and no rendezvous message under way: a rank that communicates without
     * pause has no use for its readers, and a watcher checking every millisecond preempted it a thousand times a
     * second. A rendezvous message keeps the slice short ({@link #rendezvousStarted}): its clear-to-send or data
     * may arrive while the rank computes, and only the readers move it on then.
     */
    void readerIdle(Connection reader) {
        if (reader == watcher()) {
            long slice = watchNanos;
            LockSupport.parkNanos(this, slice);
            if (rankReads()) {
                watchNanos = rendezvousPending() ? HAND_BACK_NANOS : Math.min(MAX_WATCH_NANOS, 2 * slice);
            } else if (rankPushes()) {
                watchNanos = HAND_BACK_NANOS;
            } else {
                watchNanos = HAND_BACK_NANOS;
                readersMayRead();
            }
        } else {
            parkedReaders.incrementAndGet();
            try {
                LockSupport.parkNanos(this, PARKED_READER_NANOS);
            } finally {
                parkedReaders.decrementAndGet();
            }
        }
    }

    /**
     * A rendezvous message was announced or accepted on one of the connections: a watcher parked for a long slice
     * wakes to park for short ones, so that its readers take over within the hand-back time if the rank goes on to
     * compute meanwhile (1 MB sent to a rank that computed for 30 ms after 2,000 small round trips: 2.0-6.6 ms
     * from the receive to its end with 1 ms slices, 3.1-29.9 ms with the long slice).
     */
    void rendezvousStarted() {
        if (watchNanos > HAND_BACK_NANOS) {
            watchNanos = HAND_BACK_NANOS;
            Connection w = watcher();
            if (w != null) {
                w.wakeReader();
            }
        }
    }

    private boolean rendezvousPending() {
        for (Connection c : connections) {
            if (c != null && c.rendezvousPending()) {
                return true;
            }
        }
        return false;
    }

    /**
     * A hybrid rank's wait that does not poll (a large message, a neighbour, any source): its reader threads read
     * now rather than after the hand-back time of a wait that polled just before, which could hold up each step of
     * a ring of 1 MB blocks by up to a millisecond.
     */
    @Override
    public void bypass() {
        if (polling == 0 && System.nanoTime() - lastPolled < HAND_BACK_NANOS) {
            lastPolled = System.nanoTime() - 2 * HAND_BACK_NANOS;
            wakeReaders();
        }
    }

    /** A reader found the rank thread not reading: the parked readers read too. */
    void readersMayRead() {
        if (parkedReaders.get() > 0) {
            wakeReaders();
        }
    }

    private Connection watcher() {
        for (Connection c : connections) {
            if (c != null && !c.ended()) {
                return c;
            }
        }
        return null;
    }

    /** Wakes every reader thread to look again (the rank thread stopped reading, or a connection ended). */
    void wakeReaders() {
        for (Connection c : connections) {
            if (c != null) {
                c.wakeReader();
            }
        }
    }

    /** True while a rank thread reads (or read a moment ago). */
    private boolean rankReads() {
        return polling > 0 || System.nanoTime() - lastPolled < HAND_BACK_NANOS;
    }

    /**
     * The rank pushed a large message: its readers keep out for the hand-back time, as after a wait. The credit
     * the receivers return would wake them otherwise, and a reader woken on a core the rank threads use preempts
     * one: of the 5,600 {@code CREDIT} frames of a 6 s stream of 1 MiB bcasts between 2 ranks, the root's readers
     * read 4,800, and 260 so. The rank reads that credit itself when it runs short ({@link Connection#writeLarge}).
     * A push whose write blocks for longer than the hand-back time lets the readers in at the watcher's next check.
     */
    void pushed() {
        lastPushed = System.nanoTime();
    }

    private boolean rankPushes() {
        return System.nanoTime() - lastPushed < HAND_BACK_NANOS;
    }

    /** True while the rank reads its connections itself or pushes: the reader threads keep out of the way. */
    boolean readersKeepOut() {
        return rankReads() || rankPushes();
    }
}
