package org.jomp.examples.ring;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.util.Arrays;
import java.util.Random;

import org.jomp.msg.BlockPartition;
import org.jomp.msg.Comm;
import org.jomp.msg.Status;

/**
 * Close pairs of points by a ring of ranks: for every point, how many other points lie within a distance. Each rank
 * owns a block of the points; the blocks travel round the ring, each rank counting its own points' neighbours in the
 * block that visits it, so that after {@code size - 1} shifts every pair has met once (the systolic all-pairs
 * scheme of N-body codes).
 *
 * <p>The visiting block travels in a direct {@link ByteBuffer}, read and written through a {@link DoubleBuffer} view:
 * between JVMs the socket transport sends and receives such a buffer in place, where an array is copied into and out
 * of native memory at each end. The view is for computing; the {@code ByteBuffer} is what is sent.
 */
public final class RingPairs {
    private RingPairs() {
    }

    /**
     * {@code jomprun -np 4 -cp examples/target/classes org.jomp.examples.ring.RingPairs [points] [cutoff]}: counts the
     * close pairs of random points (seed 42) on the job's ranks, and on rank 0 checks them against the sequential
     * counts.
     */
    public static void main(String[] args) {
        Comm world = Comm.init(args);
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        double cutoff = args.length > 1 ? Double.parseDouble(args[1]) : 0.01;
        Random random = new Random(42);
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextDouble();
            y[i] = random.nextDouble();
        }
        long t0 = System.nanoTime();
        int[] near = spmd(world, x, y, cutoff);
        long t1 = System.nanoTime();
        if (world.rank() == 0) {
            boolean same = Arrays.equals(near, sequential(x, y, cutoff));
            System.out.printf("%d points, %d ranks: %d close pairs in %.1f ms; %s%n", n, world.size(),
                    Arrays.stream(near).asLongStream().sum() / 2, (t1 - t0) / 1e6,
                    same ? "the same counts as the sequential run" : "DIFFERENT from the sequential run");
            if (!same) {
                System.exit(1);
            }
        }
    }

    /** For each point i, the number of points j != i with distance(i, j) <= cutoff. */
    public static int[] sequential(double[] x, double[] y, double cutoff) {
        int[] near = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            near[i] = count(x[i], y[i], x, y, 0, x.length, i, cutoff * cutoff);
        }
        return near;
    }

    /** The same counts, computed by the ranks of {@code world}; every rank returns all of them. */
    public static int[] spmd(Comm world, double[] x, double[] y, double cutoff) {
        int n = x.length;
        int rank = world.rank();
        int size = world.size();
        int[] counts = BlockPartition.counts(n, size);
        int[] displs = BlockPartition.displacements(n, size, 0);
        int mine = counts[rank];
        int first = displs[rank];
        int capacity = counts[0] * 2 * Double.BYTES;
        // Two direct buffers, x then y of each point of a block: the one visiting now and the one arriving.
        ByteBuffer visiting = ByteBuffer.allocateDirect(capacity).order(ByteOrder.nativeOrder());
        ByteBuffer arriving = ByteBuffer.allocateDirect(capacity).order(ByteOrder.nativeOrder());
        DoubleBuffer v = visiting.asDoubleBuffer();
        for (int k = 0; k < mine; k++) {
            v.put(2 * k, x[first + k]);
            v.put(2 * k + 1, y[first + k]);
        }
        int visitingCount = mine;
        int visitingFirst = first;
        int[] near = new int[mine];
        double limit = cutoff * cutoff;
        int next = (rank + 1) % size;
        int prev = (rank + size - 1) % size;
        for (int step = 0; step < size; step++) {
            DoubleBuffer block = visiting.asDoubleBuffer();
            for (int k = 0; k < mine; k++) {
                near[k] += count(x[first + k], y[first + k], block, visitingCount, first + k - visitingFirst, limit);
            }
            if (step == size - 1) {
                break;
            }
            Status s = world.sendrecv(visiting, 0, visitingCount * 2 * Double.BYTES, next, 0, arriving, 0, capacity,
                    prev, 0);
            visitingCount = s.count() / (2 * Double.BYTES);
            visitingFirst = displs[(rank + size - step - 1) % size];
            ByteBuffer t = visiting;
            visiting = arriving;
            arriving = t;
        }
        int[] all = new int[n];
        world.allgatherv(near, 0, mine, all, counts, displs);
        return all;
    }

    private static int count(double px, double py, double[] x, double[] y, int from, int to, int self, double limit) {
        int c = 0;
        for (int j = from; j < to; j++) {
            double dx = x[j] - px;
            double dy = y[j] - py;
            if (j != self && dx * dx + dy * dy <= limit) {
                c++;
            }
        }
        return c;
    }

    /** Points of {@code block} (x, y pairs) within the limit; {@code self} is the point's own index there, if any. */
    private static int count(double px, double py, DoubleBuffer block, int points, int self, double limit) {
        int c = 0;
        for (int j = 0; j < points; j++) {
            double dx = block.get(2 * j) - px;
            double dy = block.get(2 * j + 1) - py;
            if (j != self && dx * dx + dy * dy <= limit) {
                c++;
            }
        }
        return c;
    }
}
