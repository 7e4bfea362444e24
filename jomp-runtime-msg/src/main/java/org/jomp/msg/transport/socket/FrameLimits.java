package org.jomp.msg.transport.socket;

/**
 * The size bounds of the socket protocol, from system properties so a job can tune them (every rank of a job must
 * use the same values).
 *
 * @param eagerLimit      largest message sent at once with its envelope ({@code -Djomp.msg.socket.eagerLimit},
 *                        bytes, default 64 KiB); larger ones wait for the receiver (rendezvous)
 * @param fragmentBytes   size of the fragments a rendezvous message is cut into ({@code -Djomp.msg.socket.fragment},
 *                        default 1 MiB): a small message waits for at most one fragment's write, and each fragment
 *                        costs the sender a copy into a direct buffer and at least one system call, whose fixed
 *                        costs (TCP processing, over loopback the receiving side's too) 1 MiB writes amortise
 *                        better than 256 KiB ones
 * @param maxMessageBytes largest message a rank accepts ({@code -Djomp.msg.maxMessageBytes}, default 2 GiB - 1)
 * @param pushWindow      the credit, in bytes, that a receiver grants each sender for large messages sent without
 *                        waiting for it ({@code -Djomp.msg.socket.pushWindow}; 0: none): a message above the eager
 *                        limit and of at most {@link #largestPush} bytes that fits the sender's credit is pushed, its
 *                        data following its envelope at once ({@link FrameKind#PUSH}), and one that does not waits for
 *                        the receiver (rendezvous). The receiver returns the credit once no buffer of its own holds
 *                        the data, so a rank keeps at most this much of each peer's unexpected large messages. By
 *                        default 8 MiB, and less in a job of more than 9 ranks, so that all of a rank's peers
 *                        together push at most 64 MiB. A sender runs ahead of its receiver by what the socket buffers
 *                        hold (4 MiB asked for) and the message the receiver is taking: in a stream of 1 MiB bcasts
 *                        between 2 ranks, a third of the sends found no credit with a window of 2 MiB, 18 % with 4
 *                        MiB and under 1 % with 8 MiB
 */
public record FrameLimits(int eagerLimit, int fragmentBytes, long maxMessageBytes, int pushWindow) {

    public FrameLimits {
        if (eagerLimit < 0 || fragmentBytes < 4096 || fragmentBytes % 8 != 0 || maxMessageBytes < 1
                || pushWindow < 0) {
            throw new IllegalArgumentException("socket transport limits: eagerLimit = " + eagerLimit
                    + " must be >= 0, fragment = " + fragmentBytes + " a multiple of 8 >= 4096, maxMessageBytes = "
                    + maxMessageBytes + " positive, pushWindow = " + pushWindow + " >= 0");
        }
    }

    /** The limits from system properties for a job of {@code ranks} ranks. */
    public static FrameLimits fromSystemProperties(int ranks) {
        return new FrameLimits(Integer.getInteger("jomp.msg.socket.eagerLimit", 64 * 1024),
                Integer.getInteger("jomp.msg.socket.fragment", 1 << 20),
                Long.getLong("jomp.msg.maxMessageBytes", Integer.MAX_VALUE),
                Integer.getInteger("jomp.msg.socket.pushWindow", defaultPushWindow(ranks)));
    }

    /**
     * The largest message ever pushed: a larger one gains less from sparing the handshake, and arriving before its
     * receive it takes a pooled buffer of its size. Pushed, the 4 MiB exchanges of a 1 MiB-block allgather among 8
     * rank JVMs on 2 cores arrived before their receives: 23-57 ms a call, against 17-30 without pushes.
     */
    static final int LARGEST_PUSH = 2 << 20;

    /** 8 MiB for each peer, but at most 64 MiB for all of a rank's peers together. */
    static int defaultPushWindow(int ranks) {
        return (int) Math.min(8 << 20, (64L << 20) / Math.max(1, ranks - 1));
    }

    /** The largest message pushed: {@link #LARGEST_PUSH}, or the whole window if that is smaller. */
    int largestPush() {
        return Math.min(pushWindow, LARGEST_PUSH);
    }

    /** Whether a message of {@code bytes} may ever be pushed. */
    boolean pushable(long bytes) {
        return bytes > eagerLimit && bytes <= largestPush();
    }
}
