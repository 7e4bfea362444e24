package org.jomp.msg.transport.socket;

import org.jomp.msg.Comm;
import org.jomp.msg.Op;

/**
 * One rank of the fault test: joins, says "ready", then runs allreduces of {@code -Dfault.elements} doubles (1,000
 * unless given) until a peer fails (the test kills one rank). It has no failure handling of its own: the exception
 * that names the dead rank ends the JVM.
 */
public final class FaultApp {
    private FaultApp() {
    }

    public static void main(String[] args) {
        Comm w = Comm.init(args);
        double[] x = new double[Integer.getInteger("fault.elements", 1000)];
        w.barrier();
        System.out.println("ready " + w.rank());
        long end = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < end) {
            w.allreduce(x, 0, x, 0, x.length, Op.SUM);
        }
        System.out.println("no failure seen");
    }
}
