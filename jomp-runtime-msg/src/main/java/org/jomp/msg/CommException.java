package org.jomp.msg;

/** A communication error: the message says which call, on which rank, and what went wrong. */
public class CommException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CommException(String message) {
        super(message);
    }

    public CommException(String message, Throwable cause) {
        super(message, cause);
    }
}
