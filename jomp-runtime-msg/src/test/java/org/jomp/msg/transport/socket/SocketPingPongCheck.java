package org.jomp.msg.transport.socket;

import org.jomp.msg.Comm;

/**
 * A quick latency and bandwidth check of the socket transport between two JVMs (not a unit test, not the official
 * benchmark): {@code bin/jomprun -np 2 -cp target/classes:target/test-classes
 * org.jomp.msg.transport.socket.SocketPingPongCheck}. Prints one-way time and bandwidth per size.
 */
public final class SocketPingPongCheck {
    private SocketPingPongCheck() {
    }

    public static void main(String[] args) {
        Comm world = Comm.init(args);
        int r = world.rank();
        int peer = 1 - r;
        for (int size : new int[] {1, 1024, 64 * 1024, 1 << 20, 8 << 20}) {
            byte[] buf = new byte[size];
            int iters = size <= 1024 ? 5_000 : Math.max(20, (int) (1_000_000_000L / size / 4));
            double best = Double.MAX_VALUE;
            for (int rep = 0; rep < 3; rep++) {
                world.barrier();
                long t0 = System.nanoTime();
                for (int i = 0; i < iters; i++) {
                    if (r == 0) {
                        world.send(buf, 0, size, peer, 0);
                        world.recv(buf, 0, size, peer, 0);
                    } else {
                        world.recv(buf, 0, size, peer, 0);
                        world.send(buf, 0, size, peer, 0);
                    }
                }
                best = Math.min(best, (System.nanoTime() - t0) / 2.0 / iters);
            }
            if (r == 0) {
                System.out.printf("%9d B: %10.3f us one-way, %8.2f GB/s%n", size, best / 1e3, size / best);
            }
        }
    }
}
