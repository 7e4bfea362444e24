package org.jomp.examples.msgbench;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.jomp.examples.warmup.JitQuiescence;
import org.jomp.msg.Comm;
import org.jomp.msg.Op;

/**
 * The program every rank of a benchmark job runs (under {@code jomprun}, any transport). Rank 0 prints one line per
 * sample, {@code MSGBENCH <test> <type> <bytes> <ranks> <microseconds>}, which {@link MsgBench} collects.
 *
 * <ul>
 *   <li>Ping-pong between rank 0 and rank {@code --peer} (the others wait): one-way time = half a round trip, for
 *       {@code byte[]} and {@code double[]} slices of each size, and direct {@code ByteBuffer}s (sent and received
 *       in place by the socket transport).</li>
 *   <li>barrier, bcast (root 0), allreduce (SUM) and allgather (each rank's block of the size) of {@code double[]}
 *       at each collective size: time per call, the slowest rank's; bcast and allgather also of direct
 *       {@code ByteBuffer}s (type {@code direct}).</li>
 * </ul>
 *
 * Each point is calibrated first (a few calls, whose results are checked against the values every rank can
 * compute, so a broken transport cannot post a figure, then untimed rounds of the point's own loop), each rank
 * sleeps until its JVM has compiled what those rounds queued ({@link JitQuiescence}), and the point is timed in
 * {@code --samples} samples of about {@code --sample-ms} each. Arguments: {@code --sizes 1,1024,...}
 * {@code --coll-sizes 8,65536,...} {@code --peer R} {@code --samples S} {@code --sample-ms T}
 * {@code --warm-up-ms W} (default 1500) {@code --no-pingpong} {@code --line-probe} {@code --copy-probe}.
 *
 * <p>With {@code --line-probe} (2 ranks, as threads of one JVM on a 2-core machine), each sample of the points of at
 * most {@value #PROBED_BYTES} bytes from arrays (the {@code byte[]} ping-pong, the barrier and the {@code double[]}
 * collectives) is bracketed by two {@link LineProbe} readings, taken by rank 0 and a helper thread while rank 1
 * sleeps, and its line ends in {@code line=<before>,<after>} (nanoseconds): such a point costs about one move of a
 * cache line between the cores, which the host's placement of the cores sets.
 *
 * <p>With {@code --copy-probe} (2 ranks, any transport), each sample of the ping-pongs and collectives of at least
 * {@value #COPY_PROBED_BYTES} bytes is bracketed by two {@link CopyProbe} readings, which both ranks take, and its
 * line ends in {@code copy=<before>,<after>} (microseconds a MiB): a large message costs what the host's copies
 * from one core to the other cost at the moment, and those run at two speeds.
 *
 * <p>Where Linux says how long a thread waited for a core ({@link CoreWait}), a collective's line ends in
 * {@code queued=<percent>}: the largest share of the sample that a rank spent runnable but without its core.
 */
public final class RankProgram {
    private static final int TAG = 7;
    /**
     * Untimed rounds before the samples, each sized as a sample: they warm the point's own loop up and size the
     * samples. With more ranks than cores the JIT compiles a point's paths only after some hundreds of milliseconds
     * of its loop: with 3 rounds, 4 shm ranks read 8-byte allreduces at 5.6-26.6 us a call and 8 shm ranks 64 KB
     * allgathers at 110-1,618 us; with 12, 5.6-6.4 and 94-120 (2 alternated pairs each, 26 November 2026).
     */
    private static final int WARM_UP = 12;
    /** The largest points whose samples the line probe brackets: the 1-byte and 8-byte ones. */
    static final int PROBED_BYTES = 8;
    /** A probe's length, and how long the other rank sleeps meanwhile: long enough to cover the probe's start. */
    private static final double PROBE_MILLIS = 5;
    private static final long PROBE_SLEEP_MILLIS = 20;
    /** The smallest points whose samples the copy probe brackets: the bandwidth targets' sizes, 1 MB collectives. */
    static final int COPY_PROBED_BYTES = 1 << 20;
    /** Copy probes run in the warm-up: the JIT compiles the probe's loops before the first reading counts. */
    private static final int COPY_PROBE_WARM_UPS = 20;

    private final Comm world;
    private final int samples;
    private final double sampleMicros;
    /** How long the small-message paths run before the first point ({@code --warm-up-ms}, see {@link #warmUp}). */
    private final long warmUpNanos;
    /** Whether small points are bracketed by line probes ({@code --line-probe}). */
    private final boolean probing;
    /** Rank 0's line probe when {@link #probing}, else null. */
    private final LineProbe probe;
    /** Both ranks' copy probe with {@code --copy-probe}, else null. */
    private final CopyProbe copyProbe;

    private RankProgram(Comm world, int samples, double sampleMillis, double warmUpMillis, boolean lineProbe,
                        boolean copyProbe) {
        this.warmUpNanos = (long) (warmUpMillis * 1e6);
        this.probing = lineProbe;
        this.probe = lineProbe && world.rank() == 0 ? new LineProbe() : null;
        this.copyProbe = copyProbe ? CopyProbe.open(world) : null;
        this.world = world;
        this.samples = samples;
        this.sampleMicros = sampleMillis * 1000;
    }

    public static void main(String[] args) {
        Comm world = Comm.init(args);
        List<Integer> sizes = List.of();
        List<Integer> collSizes = List.of();
        int peer = 1;
        int samples = 5;
        double sampleMillis = 20;
        double warmUpMillis = 1500;
        boolean pingPong = true;
        boolean lineProbe = false;
        boolean copyProbe = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--sizes" -> sizes = ints(args[++i]);
                case "--coll-sizes" -> collSizes = ints(args[++i]);
                case "--peer" -> peer = Integer.parseInt(args[++i]);
                case "--samples" -> samples = Integer.parseInt(args[++i]);
                case "--sample-ms" -> sampleMillis = Double.parseDouble(args[++i]);
                case "--warm-up-ms" -> warmUpMillis = Double.parseDouble(args[++i]);
                case "--no-pingpong" -> pingPong = false;
                case "--line-probe" -> lineProbe = true;
                case "--copy-probe" -> copyProbe = true;
                default -> throw new IllegalArgumentException("RankProgram: unknown argument " + args[i]);
            }
        }
        if (peer <= 0 || peer >= world.size()) {
            throw new IllegalArgumentException("RankProgram: --peer " + peer + " is not a rank other than 0 of "
                    + world.size());
        }
        if (lineProbe && world.size() != 2) {
            throw new IllegalArgumentException("RankProgram: --line-probe needs 2 ranks, not " + world.size());
        }
        if (copyProbe && world.size() != 2) {
            throw new IllegalArgumentException("RankProgram: --copy-probe needs 2 ranks, not " + world.size());
        }
        RankProgram p = new RankProgram(world, samples, sampleMillis, warmUpMillis, lineProbe, copyProbe);
        p.warmUp(peer, pingPong);
        if (pingPong) {
            if (!sizes.isEmpty()) {
                // Measured once and dropped: the JIT's compiler threads are still busy when the first point runs,
                // and a third runnable thread on two cores turns the spinning hand-off into time slices.
                p.pingPong(peer, "byte", new byte[sizes.get(0)], sizes.get(0), false);
            }
            // The three types of a size one after another, so that a slow phase of the host (seconds at a time for
            // large socket messages) falls on no type more than on the others: measured a type at a time, byte[]
            // first, the 16 MB byte[] socket ping-pong read 9,998 and 15,416 us one way where double[] read 7,607
            // and 6,142 in the same jobs, and in one loop alternating them the two types read alike.
            for (int bytes : sizes) {
                p.pingPong(peer, "byte", new byte[bytes], bytes, true);
                if (bytes >= 8) {
                    p.pingPong(peer, "double", new double[bytes / 8], bytes / 8, true);
                }
                p.pingPong(peer, "direct", ByteBuffer.allocateDirect(bytes), bytes, true);
            }
        }
        p.collective("barrier", 0);
        for (int bytes : collSizes) {
            for (String op : new String[] {"bcast", "allreduce", "allgather"}) {
                p.collective(op, bytes);
            }
            for (String op : new String[] {"bcast", "allgather"}) {
                p.directCollective(op, bytes);
            }
        }
        world.barrier();
        if (p.probe != null) {
            p.probe.close();
        }
    }

    private static List<Integer> ints(String list) {
        List<Integer> out = new ArrayList<>();
        for (String s : list.split(",")) {
            if (!s.isBlank()) {
                out.add(Integer.parseInt(s.trim()));
            }
        }
        return out;
    }

    /**
     * Runs the code paths of the benchmark untimed for a while, so the JIT has compiled them before the first
     * point is measured (the per-point warm-up is only a few rounds). The small-message paths run for a fixed time
     * rather than a fixed count: at tens of microseconds a round trip while the code is still interpreted, a count
     * that suffices for shared memory left the socket path half compiled, and its 1-byte and 8-byte collective
     * points read 3-5 times a steady loop's figure (31 against 6-8 us one way, barrier 46 against 7-17).
     */
    private void warmUp(int peer, boolean pingPong) {
        int r = world.rank();
        if (pingPong && (r == 0 || r == peer)) {
            byte[] small = new byte[8];
            int[] more = {1};
            long start = System.nanoTime();
            while (more[0] != 0) {
                roundTrips(peer, small, small.length, 1000);
                if (r == 0) {
                    more[0] = System.nanoTime() - start < warmUpNanos ? 1 : 0;
                    world.send(more, 0, 1, peer, TAG);
                } else {
                    world.recv(more, 0, 1, 0, TAG);
                }
            }
            double[] large = new double[8192];
            roundTrips(peer, large, large.length, 200);
            // Large messages of both types, pushed (1 MiB) and announced (4 MiB, above the largest push): without
            // these the JIT compiled the large-message paths while the first large byte[] points ran (on two cores
            // its threads took the ranks' cores), so byte[], measured first, read 1.5-2 times slower than the
            // double[] points after it. Since 1 MiB messages are pushed, 1 MiB alone left the rendezvous path to the
            // 4 MB points.
            for (int size : new int[] {1 << 20, 4 << 20}) {
                byte[] bytes = new byte[size];
                double[] doubles = new double[size / 8];
                int rounds = (200 << 20) / size;
                roundTrips(peer, bytes, bytes.length, rounds);
                roundTrips(peer, doubles, doubles.length, rounds);
                ByteBuffer direct = ByteBuffer.allocateDirect(size);
                roundTrips(peer, direct, direct.capacity(), rounds);
            }
        }
        double[] x = new double[1];
        double[] all = new double[world.size()];
        double[] more = {1};
        long start = System.nanoTime();
        while (more[0] != 0) {
            for (int i = 0; i < 250; i++) {
                world.barrier();
                world.bcast(x, 0, 1, 0);
                world.allreduce(x, 0, x, 0, 1, Op.SUM);
                world.allgather(x, 0, all, 0, 1);
            }
            more[0] = r == 0 && System.nanoTime() - start < warmUpNanos ? 1 : 0;
            world.allreduce(more, 0, more, 0, 1, Op.MAX);
        }
        warmUpLarge();
        for (int i = 0; copyProbe != null && i < COPY_PROBE_WARM_UPS; i++) {
            copyProbe.measure(PROBE_MILLIS);
        }
        world.barrier();
    }

    /**
     * The large-message paths of the collectives for as long again: 64 KiB (eager) and 256 KiB (rendezvous)
     * messages, each collective's algorithm for them, from arrays and direct buffers. Without this the first large
     * point compiled them as it ran: an allgather of 64 KB blocks on 4 socket ranks read 907 µs a call from
     * {@code double[]}, then 358 from direct buffers just after it, where a steady loop reads both at 325-384.
     */
    private void warmUpLarge() {
        int n = world.size();
        double[] block = new double[1 << 15];
        double[] result = new double[Math.max(block.length, (1 << 13) * n)];
        ByteBuffer direct = ByteBuffer.allocateDirect(1 << 16);
        ByteBuffer directAll = ByteBuffer.allocateDirect((1 << 16) * n);
        double[] more = {1};
        long start = System.nanoTime();
        while (more[0] != 0) {
            for (int count : new int[] {1 << 13, 1 << 15}) {
                world.bcast(block, 0, count, 0);
                world.allreduce(block, 0, result, 0, count, Op.SUM);
            }
            world.allgather(block, 0, result, 0, 1 << 13);
            world.bcast(direct, 0, direct.capacity(), 0);
            world.allgather(direct, 0, directAll, 0, direct.capacity());
            more[0] = world.rank() == 0 && System.nanoTime() - start < warmUpNanos ? 1 : 0;
            world.allreduce(more, 0, more, 0, 1, Op.MAX);
        }
    }

    // ------------------------------------------------------------------ ping-pong

    /** Times round trips of {@code count} elements; prints the samples only when {@code report}. */
    private void pingPong(int peer, String type, Object buf, int count, boolean report) {
        int r = world.rank();
        world.barrier();
        if (r != 0 && r != peer) {
            return;
        }
        int bytes = type.equals("double") ? count * 8 : count;
        checkedRoundTrip(peer, buf, count);
        int iters = 1;
        for (int s = -WARM_UP; s < samples; s++) {
            if (s == 0) {
                JitQuiescence.await();
            }
            boolean probed = s >= 0 && report && probing && bytes <= PROBED_BYTES && type.equals("byte");
            boolean copied = s >= 0 && report && copyProbe != null && bytes >= COPY_PROBED_BYTES;
            double before = probed ? probeLine() : copied ? copyProbe.measure(PROBE_MILLIS) : 0;
            if (r == 0) {
                double perIter = roundTrips(peer, buf, count, iters) / iters;
                if (s >= 0 && report) {
                    double after = probed ? probeLine() : copied ? copyProbe.measure(PROBE_MILLIS) : 0;
                    emit("pingpong", type, bytes, perIter / 2, copied ? "copy" : "line", before, after);
                }
                iters = (int) Math.max(1, Math.min(1_000_000, sampleMicros / Math.max(perIter, 0.01)));
                world.send(new int[] {iters}, 0, 1, peer, TAG);
            } else {
                roundTrips(peer, buf, count, iters);
                if (probed) {
                    probeLine();
                } else if (copied) {
                    copyProbe.measure(PROBE_MILLIS);
                }
                int[] next = new int[1];
                world.recv(next, 0, 1, 0, TAG);
                iters = next[0];
            }
        }
    }

    /** {@code iters} round trips; returns the elapsed microseconds (meaningful on rank 0). */
    private double roundTrips(int peer, Object buf, int count, int iters) {
        long t0 = System.nanoTime();
        if (world.rank() == 0) {
            for (int i = 0; i < iters; i++) {
                world.send(buf, 0, count, peer, TAG);
                world.recv(buf, 0, count, peer, TAG);
            }
        } else {
            for (int i = 0; i < iters; i++) {
                world.recv(buf, 0, count, 0, TAG);
                world.send(buf, 0, count, 0, TAG);
            }
        }
        return (System.nanoTime() - t0) / 1e3;
    }

    /** One round trip of a pattern that the peer transforms, checked on both sides. */
    private void checkedRoundTrip(int peer, Object buf, int count) {
        if (world.rank() == 0) {
            fill(buf, count, 1);
            world.send(buf, 0, count, peer, TAG);
            world.recv(buf, 0, count, peer, TAG);
            verify(buf, count, 2, "ping-pong reply from rank " + peer);
        } else {
            world.recv(buf, 0, count, 0, TAG);
            verify(buf, count, 1, "ping-pong message from rank 0");
            fill(buf, count, 2);
            world.send(buf, 0, count, 0, TAG);
        }
    }

    private static void fill(Object buf, int count, int seed) {
        if (buf instanceof ByteBuffer b) {
            for (int i = 0; i < count; i++) {
                b.put(i, (byte) (i * 31 + seed));
            }
        } else if (buf instanceof byte[] b) {
            for (int i = 0; i < count; i++) {
                b[i] = (byte) (i * 31 + seed);
            }
        } else {
            double[] d = (double[]) buf;
            for (int i = 0; i < count; i++) {
                d[i] = i * 0.5 + seed;
            }
        }
    }

    private static void verify(Object buf, int count, int seed, String what) {
        for (int i = 0; i < count; i++) {
            boolean ok = buf instanceof ByteBuffer bb ? bb.get(i) == (byte) (i * 31 + seed)
                    : buf instanceof byte[] b ? b[i] == (byte) (i * 31 + seed)
                    : ((double[]) buf)[i] == i * 0.5 + seed;
            if (!ok) {
                throw new IllegalStateException(what + ": wrong element " + i + " of " + count);
            }
        }
    }

    // ------------------------------------------------------------------ collectives

    private void collective(String op, int bytes) {
        int n = world.size();
        int count = Math.max(1, bytes / 8);
        double[] a = new double[count];
        double[] b = new double[op.equals("allgather") ? count * n : count];
        check(op, a, b, count);
        time(op, op.equals("barrier") ? "-" : "double", op.equals("barrier") ? 0 : count * 8, a, b, count);
    }

    /** A bcast or allgather of {@code bytes} bytes a rank in direct buffers, checked once, then timed. */
    private void directCollective(String op, int bytes) {
        int r = world.rank();
        int n = world.size();
        ByteBuffer a = ByteBuffer.allocateDirect(bytes);
        ByteBuffer b = ByteBuffer.allocateDirect(op.equals("allgather") ? bytes * n : bytes);
        fill(a, bytes, op.equals("bcast") && r != 0 ? 99 : r);
        run(op, a, b, bytes);
        if (op.equals("bcast")) {
            verify(a, bytes, 0, "direct bcast from rank 0 on rank " + r);
        } else {
            for (int src = 0; src < n; src++) {
                verify(b.slice(src * bytes, bytes), bytes, src, "direct allgather block " + src + " on rank " + r);
            }
        }
        time(op, "direct", bytes, a, b, bytes);
    }

    /** Times calls of {@code op} in samples of about {@code --sample-ms}; emits them as {@code type}. */
    private void time(String op, String type, int bytes, Object a, Object b, int count) {
        int iters = 1;
        for (int s = -WARM_UP; s < samples; s++) {
            if (s == 0) {
                JitQuiescence.await();
            }
            boolean probed = s >= 0 && probing && bytes <= PROBED_BYTES && !type.equals("direct");
            boolean copied = s >= 0 && copyProbe != null && bytes >= COPY_PROBED_BYTES;
            double before = probed ? probeLine() : copied ? copyProbe.measure(PROBE_MILLIS) : 0;
            world.barrier();
            long waited = CoreWait.nanos();
            long t0 = System.nanoTime();
            for (int i = 0; i < iters; i++) {
                run(op, a, b, count);
            }
            long t1 = System.nanoTime();
            long waitedNow = CoreWait.nanos();
            // The slowest rank's time a call, and the largest share of the sample that a rank waited for its core.
            double[] mine = {(t1 - t0) / 1e3 / iters,
                waited < 0 || waitedNow < 0 ? -1 : 100.0 * (waitedNow - waited) / Math.max(1, t1 - t0)};
            double[] worst = new double[2];
            world.allreduce(mine, 0, worst, 0, 2, Op.MAX);
            double perCall = worst[0];
            if (s >= 0) {
                double after = probed ? probeLine() : copied ? copyProbe.measure(PROBE_MILLIS) : 0;
                emit(op, type, bytes, perCall, copied ? "copy" : "line", before, after, (int) Math.floor(worst[1]));
            }
            int[] next = {(int) Math.max(1, Math.min(1_000_000, sampleMicros / Math.max(perCall, 0.01)))};
            world.bcast(next, 0, 1, 0);
            iters = next[0];
        }
    }

    private void run(String op, Object a, Object b, int count) {
        switch (op) {
            case "barrier" -> world.barrier();
            case "bcast" -> world.bcast(a, 0, count, 0);
            case "allreduce" -> world.allreduce(a, 0, b, 0, count, Op.SUM);
            case "allgather" -> world.allgather(a, 0, b, 0, count);
            default -> throw new IllegalArgumentException("unknown collective " + op);
        }
    }

    /** One call whose result every rank checks against what it can compute from the ranks' inputs. */
    private void check(String op, double[] a, double[] b, int count) {
        int r = world.rank();
        int n = world.size();
        for (int i = 0; i < count; i++) {
            a[i] = op.equals("bcast") && r != 0 ? -1 : r * 1000.0 + i;
        }
        run(op, a, b, count);
        for (int i = 0; i < count; i++) {
            boolean ok = switch (op) {
                case "bcast" -> a[i] == i;
                case "allreduce" -> b[i] == 1000.0 * n * (n - 1) / 2 + (double) n * i;
                case "allgather" -> allBlocks(b, count, n, i);
                default -> true;
            };
            if (!ok) {
                throw new IllegalStateException(op + " of " + count + " doubles on " + n + " ranks: rank " + r
                        + " has a wrong element " + i + ": "
                        + Arrays.toString(Arrays.copyOf(b, Math.min(4, b.length))));
            }
        }
    }

    private static boolean allBlocks(double[] b, int count, int n, int i) {
        for (int src = 0; src < n; src++) {
            if (b[src * count + i] != src * 1000.0 + i) {
                return false;
            }
        }
        return true;
    }

    /**
     * A line probe on rank 0 while rank 1 sleeps, between barriers so the sample after it starts with both ranks
     * awake; returns the one-way nanoseconds on rank 0, 0 on rank 1.
     */
    private double probeLine() {
        world.barrier();
        double ns = 0;
        if (world.rank() == 0) {
            ns = probe.measure(PROBE_MILLIS);
        } else {
            try {
                Thread.sleep(PROBE_SLEEP_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("RankProgram: interrupted during a line probe", e);
            }
        }
        world.barrier();
        return ns;
    }

    /**
     * A sample's line; {@code before} and {@code after} are the readings of the probe {@code probe} ("line", ns, or
     * "copy", µs a MiB) that bracketed it, 0 when none did.
     */
    private void emit(String test, String type, int bytes, double micros, String probe, double before,
                      double after) {
        emit(test, type, bytes, micros, probe, before, after, -1);
    }

    /** A sample's line; {@code queued} ({@link CoreWait}), if not negative, ends it as {@code queued=<percent>}. */
    private void emit(String test, String type, int bytes, double micros, String probe, double before,
                      double after, int queued) {
        if (world.rank() == 0) {
            System.out.printf(java.util.Locale.ROOT, "MSGBENCH %s %s %d %d %.4f%s%s%n", test, type, bytes,
                    world.size(), micros, before > 0 ? String.format(java.util.Locale.ROOT, " %s=%.0f,%.0f", probe,
                            before, after) : "", queued >= 0 ? " queued=" + queued : "");
        }
    }
}
