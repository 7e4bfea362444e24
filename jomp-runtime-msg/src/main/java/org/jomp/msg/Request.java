package org.jomp.msg;

import java.util.Collection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.MatchingEngine;
import org.jomp.msg.transport.ObjectCodec;
import org.jomp.msg.transport.ReceiveSlot;

/**
 * A nonblocking send or receive in progress. Any thread may wait for or test it; errors of the operation (a
 * receive buffer too small, a failed rank) are thrown by {@link #waitFor}.
 */
public final class Request {
    private final Completion completion;
    private final MatchingEngine engine;
    private final ClassLoader loader;
    private final String call;
    private final int rank;
    private Object object;
    private boolean decoded;

    Request(Completion completion, MatchingEngine engine, ClassLoader loader, String call, int rank) {
        this.completion = completion;
        this.engine = engine;
        this.loader = loader;
        this.call = call;
        this.rank = rank;
    }

    /** Waits until the operation is done; returns the receive's status ({@code null} for a send). */
    public Status waitFor() {
        try {
            completion.await(engine);
        } catch (CommInterruptedException e) {
            // The transport that saw the interrupt knows only that it waited for a send or a receive.
            throw CommInterruptedException.waitingIn(call + " on rank " + rank);
        }
        return status();
    }

    /** True if the operation is done (its error, if any, is thrown by {@link #waitFor}). */
    public boolean test() {
        if (!completion.isDone()) {
            // A test makes progress, as MPI_Test does: it drains what local senders queued for this rank.
            engine.poll();
            engine.checkFailure();
        }
        return completion.isDone();
    }

    /** The status of a completed receive; {@code null} for a send or before completion. */
    public Status status() {
        if (completion instanceof ReceiveSlot slot && slot.isDone() && slot.error() == null) {
            Envelope e = slot.envelope();
            return new Status(e.source(), e.tag(), e.count());
        }
        return null;
    }

    /** The object an {@code irecvObject} received; waits for it first. */
    @SuppressWarnings("unchecked")
    public synchronized <T> T object() {
        waitFor();
        if (!(completion instanceof ReceiveSlot slot) || slot.objectBytes() == null) {
            throw new IllegalStateException(call + " on rank " + rank + ": this request did not receive an object");
        }
        if (!decoded) {
            object = ObjectCodec.decode(slot.objectBytes(), loader, call, rank);
            decoded = true;
        }
        return (T) object;
    }

    /** A future completed with this request's status (or its error) when the operation is done. */
    public CompletableFuture<Status> toCompletableFuture() {
        CompletableFuture<Status> f = new CompletableFuture<>();
        engine.serveUntilDone(completion);
        completion.whenDone(() -> {
            RuntimeException e = completion.error();
            if (e != null) {
                f.completeExceptionally(e);
            } else {
                f.complete(status());
            }
        });
        return f;
    }

    /** Waits for all requests; throws the first error after all are done. */
    public static void waitAll(Request... requests) {
        RuntimeException first = null;
        for (Request r : requests) {
            try {
                r.waitFor();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else if (first != e) {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** Waits for all requests; throws the first error after all are done. */
    public static void waitAll(Collection<Request> requests) {
        waitAll(requests.toArray(new Request[0]));
    }

    /**
     * Waits until one of the requests is done and returns its index (the lowest, if several are). {@code null}
     * entries are skipped, so a caller can null out the requests it has handled, as with MPI_REQUEST_NULL. Polls
     * the requests, spinning briefly, then yielding, then sleeping in short slices.
     */
    public static int waitAny(Request... requests) {
        boolean any = false;
        for (Request r : requests) {
            any |= r != null;
        }
        if (!any) {
            throw new IllegalArgumentException("waitAny: no requests given (all " + requests.length + " are null)");
        }
        for (long round = 0; ; round++) {
            for (int i = 0; i < requests.length; i++) {
                if (requests[i] != null && requests[i].test()) {
                    requests[i].waitFor();
                    return i;
                }
            }
            if (round < 1000) {
                Thread.onSpinWait();
                continue;
            }
            CommInterruptedException.check("waitAny");
            if (round < 2000) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(50_000);
            }
        }
    }
}
