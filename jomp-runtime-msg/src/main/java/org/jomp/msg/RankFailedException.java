package org.jomp.msg;

/**
 * Another rank of the job failed (threw, died, or lost its connection): every operation of the job that is blocked
 * or starts afterwards throws this, so that no rank waits forever for a peer that will never answer.
 */
public class RankFailedException extends CommException {
    private static final long serialVersionUID = 1L;
    private final int failedRank;

    /** @param failedRank the world rank that failed, or -1 when the job was aborted from outside its ranks */
    public RankFailedException(int failedRank, Throwable cause) {
        super((failedRank >= 0 ? "rank " + failedRank + " failed: " : "the job was aborted: ") + cause, cause);
        this.failedRank = failedRank;
    }

    /** The world rank that failed, or -1 when the job was aborted from outside its ranks. */
    public int failedRank() {
        return failedRank;
    }
}
