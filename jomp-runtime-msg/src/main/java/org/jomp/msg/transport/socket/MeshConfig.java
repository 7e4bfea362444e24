package org.jomp.msg.transport.socket;

import java.net.InetAddress;
import java.net.InetSocketAddress;

import org.jomp.msg.transport.Cpus;

/**
 * Everything one rank needs to join the mesh of its job.
 *
 * @param rank           this rank
 * @param size           number of ranks (one per JVM)
 * @param master         where rank 0 listens for the others to register (its port is rank 0's listening port)
 * @param bindAddress    the local address to listen on: loopback for a job on one machine, the wildcard otherwise
 * @param advertisedHost the host name or address the other ranks reach this rank at
 * @param secret         the job secret every connection must prove
 * @param timeoutMillis  how long the bootstrap may take (connecting to rank 0, waiting for all ranks)
 * @param limits         protocol size bounds
 * @param pollNanos      how long a waiting rank thread reads its connections itself ({@link RankPolling})
 * @param failTimeoutMillis how long a peer may stay silent before it counts as failed (0: never; see
 *                       {@link Heartbeat})
 * @param firstLocal     the first of the ranks that share this rank's JVM (a hybrid job), which this rank reaches
 *                       through shared memory and so gets no connection to; this rank alone in a socket job
 * @param localCount     how many ranks share this JVM, from {@code firstLocal} on (1 in a socket job)
 */
public record MeshConfig(int rank, int size, InetSocketAddress master, InetAddress bindAddress,
                         String advertisedHost, JobSecret secret, long timeoutMillis, FrameLimits limits,
                         long pollNanos, long failTimeoutMillis, int firstLocal, int localCount) {
    /** The default poll budget, µs ({@link #pollMicros()}). */
    public static final int POLL_MICROS = 50;
    /** The default poll budget of a JVM bound to cores of its own, µs ({@link #pollMicros()}). */
    public static final int BOUND_POLL_MICROS = 2000;

    public MeshConfig {
        if (size < 1 || rank < 0 || rank >= size) {
            throw new IllegalArgumentException("socket mesh: rank " + rank + " is not in a job of " + size
                    + " ranks");
        }
        if (failTimeoutMillis < 0 || (failTimeoutMillis > 0 && failTimeoutMillis < 100)) {
            throw new IllegalArgumentException("socket mesh: fail timeout = " + failTimeoutMillis
                    + " ms must be 0 (off) or at least 100");
        }
        if (localCount < 1 || rank < firstLocal || rank >= firstLocal + localCount || firstLocal + localCount > size) {
            throw new IllegalArgumentException("socket mesh: rank " + rank + " is not among the ranks " + firstLocal
                    + " to " + (firstLocal + localCount - 1) + " of its JVM in a job of " + size + " ranks");
        }
        if (timeoutMillis <= 0) {
            throw new IllegalArgumentException("socket mesh: timeout = " + timeoutMillis + " ms must be positive");
        }
    }

    /** A configuration with the protocol bounds, polling and fail timeout from system properties. */
    public static MeshConfig of(int rank, int size, InetSocketAddress master, InetAddress bindAddress,
                                String advertisedHost, JobSecret secret, long timeoutMillis) {
        return new MeshConfig(rank, size, master, bindAddress, advertisedHost, secret, timeoutMillis,
                FrameLimits.fromSystemProperties(size), pollMicros() * 1000,
                Long.getLong("jomp.msg.socket.failTimeout", 5000), rank, 1);
    }

    /**
     * The poll budget of this JVM's waits, in µs: {@code -Djomp.msg.socket.pollMicros}, by default {@value
     * #POLL_MICROS}, or {@value #BOUND_POLL_MICROS} in a JVM bound to cores of its own ({@link Cpus#bound()}: by
     * jomprun, {@code srun --cpu-bind=cores} or {@code mpirun --bind-to core}), where polling spends only its own
     * core, while on the development VM a blocked wait took 100-500 µs to wake, 1-2 ms at times. msgbench, 2 bound
     * socket ranks, 3 alternated pairs, 50 against 2000 µs: 1 MB ping-pong 423, 803, 548 against 307, 292, 379 µs;
     * allreduce 1 MB 1.59, 1.80, 2.11 against 1.26, 1.72, 1.40 ms; barrier 16.2, 13.7, 16.0 against 20.6, 20.0,
     * 12.6 µs (docs/benchmarks-msg-log.md).
     */
    public static long pollMicros() {
        return Long.getLong("jomp.msg.socket.pollMicros", Cpus.bound() ? BOUND_POLL_MICROS : POLL_MICROS);
    }

    /** This configuration for a rank of a hybrid job whose JVM holds ranks {@code first} to {@code first+count-1}. */
    public MeshConfig sharingJvmWith(int first, int count) {
        return new MeshConfig(rank, size, master, bindAddress, advertisedHost, secret, timeoutMillis, limits,
                pollNanos, failTimeoutMillis, first, count);
    }

    /** True when {@code peer} runs in this rank's JVM (no connection to it). */
    public boolean sharesJvm(int peer) {
        return peer >= firstLocal && peer < firstLocal + localCount;
    }
}
