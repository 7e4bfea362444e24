package org.jomp.msg.launch;

/** A rank of an embedded job threw: names the first rank that failed; its exception is the cause. */
public class JobFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int rank;

    public JobFailedException(int rank, Throwable cause) {
        super("rank " + rank + " failed: " + cause, cause);
        this.rank = rank;
    }

    /** The first rank that failed. */
    public int rank() {
        return rank;
    }
}
