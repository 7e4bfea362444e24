package org.jomp.msg.transport.socket;

import org.jomp.msg.Comm;
import org.jomp.msg.Op;

/**
 * One rank of the mismatched-collectives test: after a barrier, rank 0 calls allgather and every other rank
 * allreduce, a program error. It has no error handling of its own: the exception ends the JVM.
 */
public final class MismatchApp {
    private MismatchApp() {
    }

    public static void main(String[] args) {
        Comm w = Comm.init(args);
        int count = Integer.parseInt(args[0]);
        double[] x = new double[count];
        double[] all = new double[count * w.size()];
        w.barrier();
        if (w.rank() == 0) {
            w.allgather(x, 0, all, 0, count);
        } else {
            w.allreduce(x, 0, x, 0, count, Op.SUM);
        }
        System.out.println("no mismatch seen");
    }
}
