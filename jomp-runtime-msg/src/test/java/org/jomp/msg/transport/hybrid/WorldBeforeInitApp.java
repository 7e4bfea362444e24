package org.jomp.msg.transport.hybrid;

import org.jomp.msg.Comm;

/** Calls {@code Comm.world()} on the main thread of a JVM of a hybrid job, before {@code Comm.init}: an error. */
public final class WorldBeforeInitApp {
    private WorldBeforeInitApp() {
    }

    public static void main(String[] args) {
        try {
            Comm.world();
            System.out.println("no error");
        } catch (IllegalStateException e) {
            System.out.println("refused: " + e.getMessage());
        }
    }
}
