package org.jomp.examples.epcc.baseline;

/** A baseline team could not synchronise: a member threw, was interrupted, or waited past the time limit. */
final class TeamFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TeamFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
