package org.jomp.msgtest;

import org.jomp.msg.Comm;

/** A rank main in which rank 1 throws while the others wait for it in a collective. */
public final class FailingApp {
    private FailingApp() {
    }

    public static void main(String[] args) {
        Comm w = Comm.init(args);
        if (w.rank() == 1) {
            throw new IllegalStateException("rank one gives up");
        }
        w.barrier();
    }
}
