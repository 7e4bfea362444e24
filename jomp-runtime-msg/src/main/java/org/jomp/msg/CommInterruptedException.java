package org.jomp.msg;

/**
 * The thread waiting for a communication (a receive, a send, a collective, a probe) was interrupted: the wait ends
 * with this exception at once, and the thread's interrupt flag stays set. The operation it waited for is abandoned
 * (a posted receive may still take a message later), so, as after any error, the rank should end.
 */
public class CommInterruptedException extends CommException {
    private static final long serialVersionUID = 1L;

    public CommInterruptedException(String message) {
        super(message, new InterruptedException());
    }

    /** Throws if the calling thread has been interrupted, saying that it was waiting in {@code call}. */
    public static void check(String call) {
        Thread t = Thread.currentThread();
        if (t.isInterrupted()) {
            throw new CommInterruptedException(t.getName() + " was interrupted while waiting in " + call);
        }
    }
}
