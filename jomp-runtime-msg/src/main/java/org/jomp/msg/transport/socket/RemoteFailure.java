package org.jomp.msg.transport.socket;

import org.jomp.msg.CommException;

/**
 * The failure of another rank as that rank described it in its ABORT frame (e.g.
 * {@code java.lang.IllegalStateException: boom}); shown as that text alone, so that the
 * {@link org.jomp.msg.RankFailedException} wrapping it reads "rank 2 failed: java.lang.IllegalStateException: boom".
 */
final class RemoteFailure extends CommException {
    private static final long serialVersionUID = 1L;

    RemoteFailure(String description) {
        super(description);
    }

    @Override
    public String toString() {
        return getMessage();
    }
}
