package org.jomp.msg.transport.hybrid;

import org.jomp.msg.Comm;
import org.jomp.msg.Op;

/**
 * One rank of the hybrid barrier tests. {@code order}: barriers on the world and on the communicator of the odd
 * ranks, each with one rank arriving late in turn (leader or not, in any JVM); every rank checks that no rank left
 * before the last one arrived, by the clock the JVMs of one host share. {@code mismatch R}: rank R calls allreduce
 * where the others call barrier, a program error. No error handling of its own: an exception ends the JVM.
 */
public final class HybridBarrierApp {
    private static final long LATE_NANOS = 60_000_000;

    private HybridBarrierApp() {
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
        check(w, "world");
        Comm odd = w.split(w.rank() % 2, w.rank());
        if (w.rank() % 2 == 1) {
            check(odd, "odd ranks");
        }
        System.out.println("barriers held");
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
