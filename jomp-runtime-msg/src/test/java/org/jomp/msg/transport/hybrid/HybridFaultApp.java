package org.jomp.msg.transport.hybrid;

import org.jomp.msg.Comm;
import org.jomp.msg.Op;

/**
 * One rank of the hybrid fault test: joins, says "ready" with its JVM's process id (so the test can kill that JVM),
 * then runs allreduces, which mix shared-memory and socket messages, until a peer fails.
 */
public final class HybridFaultApp {
    private HybridFaultApp() {
    }

    public static void main(String[] args) {
        Comm w = Comm.init(args);
        double[] x = new double[1000];
        w.barrier();
        System.out.println("ready " + w.rank() + " pid " + ProcessHandle.current().pid());
        long end = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < end) {
            w.allreduce(x, 0, x, 0, x.length, Op.SUM);
        }
        System.out.println("no failure seen");
    }
}
