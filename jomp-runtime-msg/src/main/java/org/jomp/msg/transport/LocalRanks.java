package org.jomp.msg.transport;

/**
 * The ranks of a job that run as threads of this JVM, as a launcher sees them: all ranks of a shared-memory job,
 * or this JVM's share of a hybrid one. The launcher runs each in its own thread and reports how it ended.
 */
public interface LocalRanks {

    /** The first world rank of this JVM. */
    int first();

    /** How many world ranks run in this JVM, from {@link #first()} on. */
    int count();

    /** Rank {@code rank}'s transport; called in that rank's own thread before it runs (it may connect). */
    Transport open(int rank);

    /** Rank {@code rank} has ended normally: its transport is finished. */
    void rankEnded(int rank);

    /**
     * Rank {@code rank} failed (or the launcher was interrupted, rank -1): every rank's pending and future
     * operations fail naming it, in this JVM and, where there are others, in the others.
     */
    void abort(int rank, Throwable cause);
}
