package org.jomp.msg.transport.hybrid;

import org.jomp.msg.Comm;
import org.jomp.msg.Op;

/**
 * One rank of the hybrid System.exit tests. Arguments: {@code mid R}: rank R calls System.exit(3) while the others
 * run allreduces that need it; {@code end R}: every rank runs three allreduces of its count and a barrier, prints
 * the result, and rank R then calls System.exit(0) while its peers may still be finishing.
 */
public final class HybridExitApp {
    private HybridExitApp() {
    }

    public static void main(String[] args) throws InterruptedException {
        Comm w = Comm.init(args);
        int exiter = Integer.parseInt(args[1]);
        double[] x = {1};
        w.barrier();
        if (args[0].equals("mid")) {
            if (w.rank() == exiter) {
                System.exit(3);
            }
            long end = System.nanoTime() + 120_000_000_000L;
            while (System.nanoTime() < end) {
                w.allreduce(x, 0, x, 0, 1, Op.SUM);
            }
            System.out.println("no failure seen");
            return;
        }
        for (int i = 0; i < 3; i++) {
            w.allreduce(x, 0, x, 0, 1, Op.SUM);
        }
        w.barrier();
        System.out.println("rank " + w.rank() + " done " + (long) x[0]);
        if (w.rank() == exiter) {
            Thread.sleep(300);
            System.exit(0);
        }
    }
}
