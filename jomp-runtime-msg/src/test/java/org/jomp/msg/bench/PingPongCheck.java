package org.jomp.msg.bench;

import org.jomp.msg.Comm;
import org.jomp.msg.launch.EmbeddedLauncher;

/**
 * A quick latency, bandwidth and collective check for tuning the shared-memory transport (not a unit test, not
 * the official benchmark): {@code java -cp target/classes:target/test-classes org.jomp.msg.bench.PingPongCheck}.
 */
public final class PingPongCheck {
    private PingPongCheck() {
    }

    private static volatile long ball;

    /** The floor: two threads passing a counter through one volatile field, no messaging at all. */
    private static double rawHandOffMicros(int iters) throws InterruptedException {
        ball = 0;
        Thread other = new Thread(() -> {
            for (long v = 1; v < 2L * iters; v += 2) {
                while (ball != v) Thread.onSpinWait();
                ball = v + 1;
            }
        });
        other.start();
        long t0 = System.nanoTime();
        for (long v = 0; v < 2L * iters; v += 2) {
            while (ball != v) Thread.onSpinWait();
            ball = v + 1;
        }
        long t = System.nanoTime() - t0;
        other.join();
        return t / 2.0 / iters / 1e3;
    }

    public static void main(String[] args) throws InterruptedException {
        rawHandOffMicros(100_000);
        System.out.printf("raw hand-off: %.3f us one-way%n", rawHandOffMicros(200_000));
        EmbeddedLauncher.run(2, world -> {
            int r = world.rank();
            for (int size : new int[] {1, 1024, 64 * 1024, 1 << 20, 8 << 20}) {
                byte[] buf = new byte[size];
                int iters = size <= 1024 ? 20_000 : Math.max(20, (int) (100_000_000L / size));
                for (int rep = 0; rep < 2; rep++) {
                    world.barrier();
                    long t0 = System.nanoTime();
                    for (int i = 0; i < iters; i++) {
                        if (r == 0) {
                            world.send(buf, 0, size, 1, 0);
                            world.recv(buf, 0, size, 1, 0);
                        } else {
                            world.recv(buf, 0, size, 0, 0);
                            world.send(buf, 0, size, 0, 0);
                        }
                    }
                    long t = System.nanoTime() - t0;
                    if (r == 0 && rep == 1) {
                        double oneWay = t / 2.0 / iters;
                        System.out.printf("%9d B: %10.3f us one-way, %8.2f GB/s%n", size, oneWay / 1e3,
                                size / oneWay);
                    }
                }
            }
            double[] x = new double[1];
            for (String name : new String[] {"barrier", "bcast8", "allreduce8"}) {
                int iters = 20_000;
                for (int rep = 0; rep < 2; rep++) {
                    world.barrier();
                    long t0 = System.nanoTime();
                    for (int i = 0; i < iters; i++) {
                        switch (name) {
                            case "barrier" -> world.barrier();
                            case "bcast8" -> world.bcast(x, 0, 1, 0);
                            default -> world.allreduce(x, 0, x, 0, 1, org.jomp.msg.Op.SUM);
                        }
                    }
                    long t = System.nanoTime() - t0;
                    if (r == 0 && rep == 1) {
                        System.out.printf("%-10s: %8.3f us%n", name, t / 1e3 / iters);
                    }
                }
            }
        });
    }
}
