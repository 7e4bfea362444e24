package org.jomp.msg.transport;

/**
 * A transport's way to let a thread that waits for a {@link Completion} move messages itself (receiver-driven
 * progress, as MPI libraries poll their sockets inside {@code MPI_Wait}): the socket transport's waiting rank
 * thread reads its own connections, so a reply it waits for costs no wake-up of a reader thread and no hand-off
 * from it. A wait calls {@link #begin}, then {@link #poll} between checks for at most {@link #budgetNanos}, then
 * {@link #end}.
 */
public interface Progress {
    /** How long a wait may poll before it leaves the reading to the transport's own threads; 0: not at all. */
    long budgetNanos();

    /** A wait starts polling. */
    void begin();

    /** Reads and delivers what has arrived, without blocking for more than the rest of a frame already begun. */
    void poll();

    /** The wait stops polling; {@code done}: it finished meanwhile (else it goes on waiting, without polling). */
    void end(boolean done);
}
