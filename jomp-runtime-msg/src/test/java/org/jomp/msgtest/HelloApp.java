package org.jomp.msgtest;

import org.jomp.msg.Comm;

/** A plain SPMD main: prints its rank and the sum of all ranks; rank 2 fails when asked to. */
public final class HelloApp {
    private HelloApp() {
    }

    public static void main(String[] args) {
        Comm w = Comm.init(args);
        long sum = w.allreduce((long) w.rank(), org.jomp.msg.Op.SUM);
        System.out.println("rank " + w.rank() + " of " + w.size() + " sum " + sum);
        if (args.length > 0 && args[0].equals("fail") && w.rank() == 2) {
            throw new IllegalStateException("rank two was told to fail");
        }
        w.barrier();
    }
}
