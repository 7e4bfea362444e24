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
 */
public record FrameLimits(int eagerLimit, int fragmentBytes, long maxMessageBytes) {

    public FrameLimits {
        if (eagerLimit < 0 || fragmentBytes < 4096 || fragmentBytes % 8 != 0 || maxMessageBytes < 1) {
            throw new IllegalArgumentException("socket transport limits: eagerLimit = " + eagerLimit
                    + " must be >= 0, fragment = " + fragmentBytes + " a multiple of 8 >= 4096, maxMessageBytes = "
                    + maxMessageBytes + " positive");
        }
    }

    public static FrameLimits fromSystemProperties() {
        return new FrameLimits(Integer.getInteger("jomp.msg.socket.eagerLimit", 64 * 1024),
                Integer.getInteger("jomp.msg.socket.fragment", 1 << 20),
                Long.getLong("jomp.msg.maxMessageBytes", Integer.MAX_VALUE));
    }
}
