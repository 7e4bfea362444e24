package org.jomp.msg.transport.hybrid;

import org.jomp.msg.Comm;
import org.jomp.msg.Op;

/**
 * One rank of the hybrid collectives tests. {@code order}: barriers on the world and on the communicator of the odd
 * ranks, each with one rank arriving late in turn (leader or not, in any JVM); every rank checks that no rank left
 * before the last one arrived, by the clock the JVMs of one host share. {@code values}: bcasts from and reduces to
 * every root, allgathers and allreduces (reductions commutative or not), small and large, on the world and on a
 * communicator that interleaves the JVMs' ranks, each result checked against what every rank can compute.
 * {@code mismatch R}: rank R calls allreduce where the others call barrier, and {@code counts R}: rank R allreduces 4
 * elements where the others allreduce 3, program errors. No error handling of its own: an exception ends the JVM.
 */
public final class HybridCollectivesApp {
    private static final long LATE_NANOS = 60_000_000;

    private HybridCollectivesApp() {
    }

    public static void main(String[] args) {
        Comm w = Comm.init(args);
        if (args[0].equals("mismatch")) {
            w.barrier();
            if (w.rank() == Integer.parseInt(args[1])) {
                w.allreduce(new double[1], 0, new double[1], 0, 1, Op.SUM);
            } else {
                w.barrier();
            }
            System.out.println("no mismatch seen");
            return;
        }
        if (args[0].equals("counts")) {
            int count = w.rank() == Integer.parseInt(args[1]) ? 4 : 3;
            w.allreduce(new double[count], 0, new double[count], 0, count, Op.SUM);
            System.out.println("no mismatch seen");
            return;
        }
        if (args[0].equals("values")) {
            // Evens first, then odds: with two or more ranks per JVM, each JVM's ranks are not consecutive here.
            Comm interleaved = w.split(0, (w.rank() % 2) * w.size() + w.rank());
            for (Comm c : new Comm[] {w, interleaved}) {
                for (int count : new int[] {3, 100_000}) {
                    values(c, count);
                }
            }
            System.out.println("values agree");
            return;
        }
        check(w, "world");
        Comm odd = w.split(w.rank() % 2, w.rank());
        if (w.rank() % 2 == 1) {
            check(odd, "odd ranks");
        }
        System.out.println("barriers held");
    }

    private static void values(Comm c, int count) {
        int r = c.rank();
        int n = c.size();
        double[] buf = new double[count];
        for (int root = 0; root < n; root++) {
            for (int i = 0; i < count; i++) {
                buf[i] = r == root ? root * 1000.0 + i : -1;
            }
            c.bcast(buf, 0, count, root);
            for (int i = 0; i < count; i++) {
                expect(root * 1000.0 + i, buf[i], c, "bcast from " + root, count, i);
            }
        }
        double[] mine = new double[count];
        for (int i = 0; i < count; i++) {
            mine[i] = r * 1000.0 + i;
        }
        double[] gathered = new double[count * n + 2];
        c.allgather(mine, 0, gathered, 1, count);
        for (int j = 0; j < count * n; j++) {
            expect(j / count * 1000.0 + j % count, gathered[1 + j], c, "allgather", count, j);
        }
        double[] got = new double[count];
        for (int root = 0; root < n; root++) {
            // Only the root has a result slice.
            double[] at = r == root ? got : null;
            c.reduce(mine, 0, at, 0, count, Op.SUM, root);
            for (int i = 0; r == root && i < count; i++) {
                expect(1000.0 * n * (n - 1) / 2 + (double) n * i, got[i], c, "reduce SUM to " + root, count, i);
            }
            c.reduce(mine, 0, at, 0, count, Op.ofDoubles((a, b) -> b, false), root);
            for (int i = 0; r == root && i < count; i++) {
                expect((n - 1) * 1000.0 + i, got[i], c, "reduce last-of to " + root, count, i);
            }
        }
        c.allreduce(mine, 0, got, 0, count, Op.SUM);
        for (int i = 0; i < count; i++) {
            expect(1000.0 * n * (n - 1) / 2 + (double) n * i, got[i], c, "allreduce SUM", count, i);
        }
        c.allreduce(mine, 0, got, 0, count, Op.ofDoubles((a, b) -> a, false));
        for (int i = 0; i < count; i++) {
            expect(i, got[i], c, "allreduce first-of", count, i);
        }
        c.allreduce(mine, 0, mine, 0, count, Op.ofDoubles((a, b) -> b, false));
        for (int i = 0; i < count; i++) {
            expect((n - 1) * 1000.0 + i, mine[i], c, "in-place allreduce last-of", count, i);
        }
    }

    private static void expect(double want, double got, Comm c, String what, int count, int i) {
        if (want != got) {
            throw new AssertionError(what + " of " + count + " on rank " + c.rank() + " of " + c.size() + ": element "
                    + i + " is " + got + ", expected " + want);
        }
    }

    /** A barrier per rank of {@code c}, that rank late: every rank leaves after the late one has arrived. */
    private static void check(Comm c, String name) {
        for (int late = 0; late < c.size(); late++) {
            c.barrier();
            if (c.rank() == late) {
                long until = System.nanoTime() + LATE_NANOS;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }
            double[] times = {System.nanoTime(), 0};
            c.barrier();
            times[1] = System.nanoTime();
            double[] all = new double[2 * c.size()];
            c.allgather(times, 0, all, 0, 2);
            double lastIn = all[2 * late];
            for (int r = 0; r < c.size(); r++) {
                if (all[2 * r + 1] < lastIn) {
                    throw new AssertionError(name + ": rank " + r + " left the barrier "
                            + (lastIn - all[2 * r + 1]) / 1e6 + " ms before rank " + late + " arrived");
                }
            }
        }
    }
}
