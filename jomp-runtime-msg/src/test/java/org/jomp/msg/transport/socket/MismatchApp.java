package org.jomp.msg.transport.socket;

import org.jomp.msg.Comm;
import org.jomp.msg.Op;

/**
 * One rank of the mismatched-collectives test: after a barrier, rank 0 calls allgather and every other rank
 * allreduce ({@code calls}), or rank 0 broadcasts from root 0 and the others from root 1, followed by a barrier
 * ({@code roots}) or as the program's last collective ({@code last-roots}), or rank 0 broadcasts the count and the
 * others expect one more ({@code counts}), or rank 0 broadcasts 1024 doubles and the others expect the count
 * ({@code ring-counts}), or rank 1 ends without the others' second barrier ({@code skip}): program errors; or the
 * ranks agree on
 * a few collectives ({@code agree}). Arguments: the element count, then the mode. It has no error handling of its
 * own: an exception ends the JVM.
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
        if (args[1].equals("skip") && w.rank() == 1) {
            return;
        }
        if (args[1].equals("skip")) {
            w.barrier();
        } else if (args[1].equals("roots")) {
            w.bcast(x, 0, count, w.rank() == 0 ? 0 : 1);
            w.barrier();
        } else if (args[1].equals("ring-counts")) {
            int expected = w.rank() == 0 ? 1024 : count;
            w.bcast(new double[expected], 0, expected, 0);
            w.barrier();
        } else if (args[1].equals("counts")) {
            int expected = w.rank() == 0 ? count : count + 1;
            w.bcast(new double[expected], 0, expected, 0);
            w.barrier();
        } else if (args[1].equals("allgather-counts") || args[1].equals("allreduce-counts")) {
            int mine = w.rank() == 0 ? count : count + 1;
            if (args[1].startsWith("allgather")) {
                w.allgather(new double[mine], 0, new double[mine * w.size()], 0, mine);
            } else {
                w.allreduce(new double[mine], 0, new double[mine], 0, mine, Op.SUM);
            }
            w.barrier();
        } else if (args[1].equals("last-roots")) {
            w.bcast(x, 0, count, w.rank() == 0 ? 0 : 1);
        } else if (args[1].equals("agree")) {
            w.bcast(x, 0, count, w.size() - 1);
            w.allreduce(x, 0, x, 0, count, Op.SUM);
            w.allgather(x, 0, all, 0, count);
            w.bcastObject("from 0", 0);
        } else if (w.rank() == 0) {
            w.allgather(x, 0, all, 0, count);
        } else {
            w.allreduce(x, 0, x, 0, count, Op.SUM);
        }
        System.out.println("no mismatch seen");
    }
}
