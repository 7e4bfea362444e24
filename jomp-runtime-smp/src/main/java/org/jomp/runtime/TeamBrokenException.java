package org.jomp.runtime;

/**
 * Thrown out of a wait (barrier, work-share hand-off, ordered, reduction lock, taskwait, taskgroup) when another
 * thread of the team has failed or the region has been cancelled: the waiting thread leaves its region this way
 * instead of waiting for a thread that will never arrive. The region ignores it when it collects the team's
 * failures; the caller sees the original exception.
 * One shared instance without a stack trace: it carries no information of its own.
 */
final class TeamBrokenException extends RuntimeException {

    static final TeamBrokenException INSTANCE = new TeamBrokenException();

    private TeamBrokenException() {
        super("the team's region was cancelled or broken by an exception in another of its threads",
                null, false, false);
    }
}
