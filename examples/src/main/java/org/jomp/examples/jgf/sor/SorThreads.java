package org.jomp.examples.jgf.sor;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.Phaser;

/**
 * Red-black SOR written by hand with java.util.concurrent: each of T tasks owns a block of interior rows and meets the
 * others at a Phaser after every half-sweep. A task that fails terminates the Phaser, which releases the others.
 */
public final class SorThreads {
    private SorThreads() {
    }

    public static void solve(double[][] g, double omega, int iterations, ExecutorService pool, int threads)
            throws InterruptedException {
        int interior = g.length - 2;
        Phaser sweepDone = new Phaser(threads);
        List<Future<?>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int lo = 1 + (int) ((long) interior * t / threads);
            int hi = 1 + (int) ((long) interior * (t + 1) / threads);
            parts.add(pool.submit(() -> {
                try {
                    for (int it = 0; it < iterations; it++) {
                        for (int colour = 0; colour < 2; colour++) {
                            for (int i = lo; i < hi; i++) {
                                SorSequential.relaxRow(g, i, colour, omega);
                            }
                            if (sweepDone.arriveAndAwaitAdvance() < 0) {
                                return;
                            }
                        }
                    }
                } catch (RuntimeException | Error e) {
                    sweepDone.forceTermination();
                    throw e;
                }
            }));
        }
        for (Future<?> part : parts) {
            try {
                part.get();
            } catch (ExecutionException e) {
                throw new IllegalStateException("SOR task failed", e.getCause());
            }
        }
    }
}
