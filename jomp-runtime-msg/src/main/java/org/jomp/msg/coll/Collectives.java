package org.jomp.msg.coll;

import org.jomp.msg.Op;
import org.jomp.msg.transport.HostMemory;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.WaitPolicy;

/**
 * Chooses a collective algorithm by message size and rank count, as Open MPI's coll/base decision functions do:
 * logarithmic algorithms that move whole messages for small data, bandwidth-optimal ones (scatter-allgather
 * broadcast, Rabenseifner, ring) once the data is large enough to make bandwidth the cost. Arguments are checked
 * by the caller.
 */
public final class Collectives {
    /**
     * Broadcasts of at least this many bytes use the scatter-allgather algorithm: MPICH's long-message size. Below
     * it the binomial tree's log2 n rounds beat scatter-allgather's log2 n + n - 1 where ranks wait to be scheduled:
     * at 64 KiB on 4 and 8 socket ranks sharing 2 cores, 243-312 and 775-995 us a call against 468-1077 and
     * 11,000-19,000 us (msgbench, two alternated pairs; the earlier switch point was 12 KiB).
     */
    static final int BCAST_LARGE = Integer.getInteger("jomp.msg.bcastLarge", 512 * 1024);
    /**
     * The job runs more ranks than its machine has cores ({@code -Djomp.msg.crowded}, which jomprun sets on every
     * JVM of such a job; each rank must see the same value, since it picks the algorithm). Each round of a
     * collective then waits for ranks to be scheduled: small collectives run linearly ({@link #linear}), and a
     * larger broadcast keeps to the binomial tree's log2 n rounds at every size: 1 MB on 4 and 8 socket ranks
     * sharing 2 cores took 3.7-6.5 and 10.2-13.0 ms a call so, against 5.8-11.8 and 13.3-30.7 ms by
     * scatter-allgather (two alternated pairs each).
     */
    private static final boolean CROWDED = WaitPolicy.crowdedJob();
    /** Allreduces of at least this many bytes use Rabenseifner's algorithm. */
    static final int ALLREDUCE_LARGE = Integer.getInteger("jomp.msg.allreduceLarge", 64 * 1024);
    /** Allgathers whose result has at least this many bytes use the ring. */
    static final int ALLGATHER_LARGE = Integer.getInteger("jomp.msg.allgatherLarge", 80 * 1024);
    /** Power-of-two allgathers whose result has fewer bytes double recursively (MPICH's allgather long size). */
    static final int ALLGATHER_LONG = Integer.getInteger("jomp.msg.allgatherLong", 512 * 1024);
    /**
     * In a crowded job, broadcasts and allreduces of at most this many bytes, and allgathers of results of at most
     * this many, run linearly through rank 0 (or the root) ({@link #linear}).
     */
    static final int LINEAR_LIMIT = Integer.getInteger("jomp.msg.crowdedLinearLimit", 64 * 1024);
    /** In a crowded job, broadcasts of fewer bytes than this keep the binomial tree ({@link #linearBroadcast}). */
    static final int LINEAR_BCAST_MIN = Integer.getInteger("jomp.msg.crowdedLinearBcastMin", 4 * 1024);

    private Collectives() {
    }

    static long bytes(Object buf, long count) {
        return count * PayloadKind.ofSlice(buf).bytesPerElement();
    }

    /**
     * Among more than 2 ranks of one host, the flat barrier in their host memory ({@link #hostMemory}); else, in a
     * crowded job (more than 2 ranks) the linear barrier: each round of the dissemination barrier waits for every
     * rank to be scheduled, the linear one's two phases for each rank once ({@link #linear}).
     */
    public static void barrier(PointToPoint p) {
        HostMemory m = p.size() > 2 ? p.hostMemory() : null;
        if (m != null) {
            HostBarrier.run(p, m);
        } else if (linear(0, p.size(), CROWDED)) {
            LinearBarrier.run(p);
        } else {
            DisseminationBarrier.run(p);
        }
    }

    /**
     * Whether a collective moving {@code bytes} among {@code size} ranks runs linearly, through one rank that
     * exchanges with all the others at once: in a crowded job, among more than 2 ranks, up to {@link #LINEAR_LIMIT}.
     * The logarithmic algorithms take log2 n rounds, and with more ranks than cores each round waits for every rank
     * to be scheduled; a linear one needs each rank scheduled twice (to send its part, to take the result), with
     * rank 0 doing n - 1 sends and receives at once. On 8 socket ranks sharing 2 cores (msgbench's rank program, C1
     * alone, medians of 5 samples in alternated runs, µs a call): barrier 173-315 against 282-563 by dissemination,
     * 8-byte allreduce 164-362 against 285-514 by recursive doubling, 64 KiB allreduce 553 and 576 against 1,282 and
     * 1,432 by Rabenseifner's algorithm (4 ranks: 172 and 212 against 333 and 506), 64 KiB bcast of a direct buffer
     * 407 and 410 against 932 and 1,901 by the binomial tree. An allgather of 64 KiB blocks (a 512 KiB result that
     * rank 0 sends 7 times) read 2.3 and 11.7 ms against 4.4 and 4.7 by recursive doubling, hence the limit on the
     * result (29 November 2026).
     */
    static boolean linear(long bytes, int size, boolean crowded) {
        return crowded && size > 2 && bytes <= LINEAR_LIMIT;
    }

    public static void bcast(PointToPoint p, Object buf, int off, int count, int root) {
        if (p.size() == 1) {
            return;
        }
        long bytes = bytes(buf, count);
        HostMemory m = hostMemory(p, buf);
        if (m != null && bytes <= HostRingBroadcast.MOST_BYTES) {
            HostRingBroadcast.run(p, m.ring(), buf, off, count, root);
        } else if (m != null) {
            HostBroadcast.run(p, m, buf, off, count, root);
        } else if (linearBroadcast(bytes, p.size(), CROWDED)) {
            LinearBroadcast.run(p, buf, off, count, root);
        } else if (scatterAllgather(bytes, count, p.size(), CROWDED)) {
            ScatterAllgatherBroadcast.run(p, buf, off, count, root);
        } else {
            BinomialBroadcast.run(p, buf, off, count, root);
        }
    }

    /**
     * Whether a broadcast of {@code bytes} runs linearly ({@link #linear}), from {@link #LINEAR_BCAST_MIN} bytes up.
     * A broadcast's root waits for nobody, so a program's back-to-back broadcasts overlap, and a small one costs
     * what its messages cost the cores: from a linear root all n - 1 at once, while the ranks of the binomial tree
     * send log2 n at most each, their sends spread over the cores. Back-to-back broadcasts on 4 and 8 socket ranks
     * sharing 2 cores (C1 alone, two alternated pairs, µs a call, linear against binomial): 8 bytes 15.8 and 15.3
     * against 12.9 and 13.5 at 4 ranks, 41.4 and 38.8 against 31.3 and 34.0 at 8; 1 KiB 15.5 and 15.2 against 12.6
     * and 11.0, 44.7 and 41.5 against 36.7 and 38.0; 8 KiB 26.0 and 33.2 against 25.2 and 26.4, 80.6 and 115.8
     * against 124.8 and 129.8; 64 KiB 246 and 315 against 309 and 344, 411 and 974 against 1,030 and 1,091
     * (29 November 2026).
     */
    static boolean linearBroadcast(long bytes, int size, boolean crowded) {
        return bytes >= LINEAR_BCAST_MIN && linear(bytes, size, crowded);
    }

    /**
     * The communicator's host memory for a collective on slices of {@code like}'s type, or {@code null}: among more
     * than 2 ranks, when every rank runs on this host and maps it. Such collectives synchronise through it ({@link
     * HostBarrier}, {@link HostRingBroadcast}) and beat messages at every size: on 4 and 8 socket ranks sharing 2
     * cores (msgbench, 2 December 2026, µs a call, host memory against messages) the barrier took 2.5 and 11.2
     * against 16.4 and 56.4, the 8-byte allreduce 8.9 and 22.2 against 16.7 and 68.3, the 8-byte allgather 5.1 and
     * 20.7 against 20.1 and 57.3, the 8-byte bcast 0.4 and 1.6 against 3.3 and 8.6. Between 2 ranks the socket's
     * ring already copies each byte once in and once out, and pipelines the pieces.
     */
    private static HostMemory hostMemory(PointToPoint p, Object like) {
        return p.size() > 2 && HostMemory.carries(PayloadKind.ofSlice(like)) ? p.hostMemory() : null;
    }

    /** Whether a broadcast of {@code count} elements in {@code bytes} among {@code size} ranks scatters first. */
    static boolean scatterAllgather(long bytes, int count, int size, boolean crowded) {
        return !crowded && bytes >= BCAST_LARGE && count >= size && size > 2;
    }

    /** Whether this JVM's ranks run in a job with more ranks than cores ({@code -Djomp.msg.crowded}). */
    public static boolean crowded() {
        return CROWDED;
    }

    public static void reduce(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, int count, Op op,
                              int root) {
        BinomialReduce.run(p, sbuf, soff, rbuf, roff, count, op, root);
    }

    /**
     * Rabenseifner's algorithm for large vectors among 4 ranks or more. Between 2 (or 3, which fold to 2) it moves
     * the same bytes as recursive doubling in twice the rounds: 1 MB on 2 socket ranks took 2.5-3.1 ms against
     * 1.2-1.6 ms. It cuts the vector anywhere, so an operation on pairs or whole slices ({@link Op#unit}) keeps
     * recursive doubling.
     */
    public static void allreduce(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, int count, Op op) {
        int pof2 = Integer.highestOneBit(p.size());
        HostMemory m = op.unit(count) == 1 ? hostMemory(p, sbuf) : null;
        if (m != null) {
            HostAllreduce.run(p, m, sbuf, soff, rbuf, roff, count, op);
        } else if (linear(bytes(sbuf, count), p.size(), CROWDED)) {
            LinearAllreduce.run(p, sbuf, soff, rbuf, roff, count, op);
        } else if (bytes(sbuf, count) >= ALLREDUCE_LARGE && count >= pof2 && pof2 > 2 && op.unit(count) == 1) {
            RabenseifnerAllreduce.run(p, sbuf, soff, rbuf, roff, count, op);
        } else {
            RecursiveDoublingAllreduce.run(p, sbuf, soff, rbuf, roff, count, op);
        }
    }

    /**
     * @param uniform whether all the ranks' links are alike (one transport), as recursive doubling needs: in a
     *                communicator of several JVMs its last steps send half the result across them, where the ring
     *                passes one block a step across each boundary between JVMs. Among 8 hybrid ranks in 2 JVMs sharing
     *                2 cores the ring's 64 KiB blocks took a median of 3.5 and 7.3 ms a call against 5.4 and 8.0, its 1
     *                MiB blocks 10.0 and 13.1 ms against 15.2 and 13.4 (two alternated pairs, 28 November 2026).
     */
    public static void allgather(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, int count,
                                 boolean uniform) {
        int n = p.size();
        long result = bytes(sbuf, (long) count * n);
        HostMemory m = hostMemory(p, sbuf);
        if (m != null) {
            HostAllgather.run(p, m, sbuf, soff, rbuf, roff, count);
        } else if (linear(result, n, CROWDED)) {
            LinearAllgather.run(p, sbuf, soff, rbuf, roff, count);
        } else if (recursiveDoubling(result, n, CROWDED, uniform)) {
            RecursiveDoublingAllgather.run(p, sbuf, soff, rbuf, roff, count);
        } else if (result >= ALLGATHER_LARGE) {
            int[] counts = new int[n];
            int[] displs = new int[n];
            for (int j = 0; j < n; j++) {
                counts[j] = count;
                displs[j] = roff + j * count;
            }
            RingAllgather.run(p, sbuf, soff, rbuf, counts, displs);
        } else {
            BruckAllgather.run(p, sbuf, soff, rbuf, roff, count);
        }
    }

    /**
     * Whether an allgather of a {@code result} of that many bytes among {@code size} ranks, whose links are alike
     * when {@code uniform}, doubles recursively: a power of two below MPICH's long-message size, as MPICH chooses,
     * and at every size in a crowded job, whose ranks finish a pairwise exchange as soon as both run. On 4 socket
     * ranks sharing 2 cores, blocks of 16 KiB took medians of 125-219 µs a call against Bruck's 262-750; on 8, blocks
     * of 64 KiB 3.5-6.9 ms against the ring's 3.8-12.6, and at 1 MiB the two were alike (msgbench's rank program,
     * alternated pairs, 28 November 2026).
     */
    static boolean recursiveDoubling(long result, int size, boolean crowded, boolean uniform) {
        return uniform && Integer.bitCount(size) == 1 && (crowded || result < ALLGATHER_LONG);
    }

    public static void allgatherv(PointToPoint p, Object sbuf, int soff, Object rbuf, int[] counts, int[] displs) {
        RingAllgather.run(p, sbuf, soff, rbuf, counts, displs);
    }

    public static void scatter(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, int count, int root) {
        int n = p.size();
        int[] counts = new int[n];
        int[] displs = new int[n];
        for (int j = 0; j < n; j++) {
            counts[j] = count;
            displs[j] = soff + j * count;
        }
        BinomialScatter.run(p, sbuf, counts, displs, rbuf, roff, root, rbuf);
    }

    public static void scatterv(PointToPoint p, Object sbuf, int[] counts, int[] displs, Object rbuf, int roff,
                                int rcount, int root) {
        LinearScatterv.run(p, sbuf, counts, displs, rbuf, roff, rcount, root);
    }

    public static void gather(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, int count, int root) {
        int n = p.size();
        int[] counts = new int[n];
        int[] displs = new int[n];
        for (int j = 0; j < n; j++) {
            counts[j] = count;
            displs[j] = roff + j * count;
        }
        BinomialGather.run(p, sbuf, soff, rbuf, counts, displs, root);
    }

    public static void gatherv(PointToPoint p, Object sbuf, int soff, int scount, Object rbuf, int[] counts,
                               int[] displs, int root) {
        LinearGatherv.run(p, sbuf, soff, scount, rbuf, counts, displs, root);
    }

    public static void alltoall(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, int count) {
        PairwiseAlltoall.run(p, sbuf, soff, rbuf, roff, count);
    }

    public static void alltoallv(PointToPoint p, Object sbuf, int[] scounts, int[] sdispls, Object rbuf,
                                 int[] rcounts, int[] rdispls) {
        LinearAlltoallv.run(p, sbuf, scounts, sdispls, rbuf, rcounts, rdispls);
    }

    public static void scan(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, int count, Op op,
                            boolean exclusive) {
        RecursiveDoublingScan.run(p, sbuf, soff, rbuf, roff, count, op, exclusive);
    }

    public static void reduceScatter(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, int[] counts,
                                     Op op) {
        ReduceScatterByReduce.run(p, sbuf, soff, rbuf, roff, counts, op);
    }
}
