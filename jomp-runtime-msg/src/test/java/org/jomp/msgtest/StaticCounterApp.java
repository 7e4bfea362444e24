package org.jomp.msgtest;

import org.jomp.msg.Comm;

/**
 * A rank main whose static state must be its own in each rank: every rank counts its own starts, and rank 0
 * collects the counts and the identity of each rank's class. Fails (throws) if any rank saw another's statics.
 */
public final class StaticCounterApp {
    public static int starts;
    static final StringBuilder LOG = new StringBuilder();

    private StaticCounterApp() {
    }

    public static void main(String[] args) {
        Comm w = Comm.init(args);
        starts++;
        LOG.append(w.rank());
        int[] mine = {starts, System.identityHashCode(StaticCounterApp.class), LOG.length()};
        int[] all = new int[3 * w.size()];
        w.allgather(mine, 0, all, 0, 3);
        for (int j = 0; j < w.size(); j++) {
            if (all[3 * j] != 1 || all[3 * j + 2] != 1) {
                throw new IllegalStateException("rank " + j + " shares static state: starts=" + all[3 * j]
                        + " log length=" + all[3 * j + 2]);
            }
            for (int k = 0; k < j; k++) {
                if (all[3 * j + 1] == all[3 * k + 1]) {
                    throw new IllegalStateException("ranks " + k + " and " + j + " share one class object");
                }
            }
        }
        if (!args[0].equals("hello")) {
            throw new IllegalStateException("arguments not passed: " + String.join(" ", args));
        }
    }
}
