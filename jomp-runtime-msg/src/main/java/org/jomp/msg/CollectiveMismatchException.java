package org.jomp.msg;

/**
 * Ranks of a communicator called different collectives, in a different order, or with different roots or counts:
 * the message names this rank's collective and the other rank's ("allgather on rank 0: rank 1 sent a message of its
 * collective #2, allreduce, ...").
 */
public class CollectiveMismatchException extends CommException {
    private static final long serialVersionUID = 1L;

    public CollectiveMismatchException(String message) {
        super(message);
    }
}
