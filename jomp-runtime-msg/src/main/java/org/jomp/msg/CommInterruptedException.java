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
        if (Thread.currentThread().isInterrupted()) {
            throw waitingIn(call);
        }
    }

    /**
     * The exception for the calling thread, interrupted while it waited in {@code call} ("recv on rank 2"). A call
     * whose wait a transport ended names itself with it: the transport knows only that it waited for a send or a
     * receive.
     */
    public static CommInterruptedException waitingIn(String call) {
        return new CommInterruptedException(Thread.currentThread().getName() + " was interrupted while waiting in "
                + call);
    }
}
