package org.jomp.msg.transport;

/**
 * A transport's way to let a thread that waits for a {@link Completion} move messages itself (receiver-driven
 * progress, as MPI libraries poll their sockets inside {@code MPI_Wait}): the socket transport's waiting rank
 * thread reads its own connections, so a reply it waits for costs no wake-up of a reader thread and no hand-off
 * from it. A wait calls {@link #begin}, then {@link #poll} between checks for at most {@link #budgetNanos} (on a
 * busy machine: between yields, a bounded number of times), then, until it is done, {@link #poll} and
 * {@link #block} in turn, then {@link #end}. In a job with no more ranks than cores the budget counts from
 * {@link #lastMoved}, and a wait that blocked polls again once bytes have moved.
 */
public interface Progress {
    /** How long a wait may poll before it blocks for arrivals; 0: the transport offers no progress at all. */
    long budgetNanos();

    /**
     * Whether a wait for an operation with world rank {@code peer} (negative: any or unknown) of at most
     * {@code bytes} makes progress here; if not, it waits as it would without a Progress (a hybrid rank waiting for
     * a neighbour in its own JVM, or for a large message).
     */
    boolean reaches(int peer, long bytes);

    /**
     * A wait that this Progress does not {@link #reaches reach} starts: the threads that read in its place must not
     * hold back for a wait that polled a moment ago.
     */
    void bypass();

    /** A wait starts. */
    void begin();

    /** Reads and delivers what has arrived, without blocking for more than the rest of a frame already begun. */
    void poll();

    /**
     * When ({@link System#nanoTime}) the rank's connections last read or wrote bytes, by any thread: a wait polls
     * for its budget past that, and after a {@link #block} goes back to polling if it has changed.
     */
    long lastMoved();

    /**
     * Blocks until something may have arrived to {@link #poll}, {@link #wake} is called, or about
     * {@code nanos} have passed.
     */
    void block(long nanos);

    /** Ends a {@link #block} now or the next one at once: a completion a thread waits for came from elsewhere. */
    void wake();

    /**
     * The wait ends; {@code done}: it finished (else it failed or was interrupted); {@code blockedNanos}: how long
     * it spent blocking, from its first {@link #block}, or -1 if it never blocked.
     */
    void end(boolean done, long blockedNanos);
}
