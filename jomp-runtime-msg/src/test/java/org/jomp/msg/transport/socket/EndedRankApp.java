package org.jomp.msg.transport.socket;

import org.jomp.msg.Comm;
import org.jomp.msg.CommException;

/**
 * One rank of the ended-rank test: the rank named by the last argument returns from main at once; rank 0 then
 * receives from it a message it never sent, and sends it a large one it will never receive, and prints what each
 * call threw. The others return.
 */
public final class EndedRankApp {
    private EndedRankApp() {
    }

    public static void main(String[] args) {
        Comm w = Comm.init(args);
        int gone = Integer.parseInt(args[args.length - 1]);
        if (w.rank() != 0) {
            return;
        }
        try {
            w.recv(new int[1], 0, 1, gone, 5);
            System.out.println("rank 0 received a message rank " + gone + " never sent");
        } catch (CommException e) {
            System.out.println("rank 0 saw: " + e.getMessage());
        }
        try {
            w.send(new double[1 << 16], 0, 1 << 16, gone, 6);
            System.out.println("rank 0 sent a message rank " + gone + " will never receive");
        } catch (CommException e) {
            System.out.println("rank 0 saw on sending: " + e.getMessage());
        }
    }
}
