package org.jomp.examples.jgf.lufact;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.Phaser;

/**
 * LUFact written by hand with java.util.concurrent: in every step task 0 chooses the pivot, all T tasks meet at a
 * Phaser, each eliminates its block of the remaining columns, and they meet again before the next pivot. A task that
 * fails terminates the Phaser, which releases the others at once (a CyclicBarrier reset could miss a late arriver).
 */
public final class LUFactThreads {
    private LUFactThreads() {
    }

    public static void factor(double[][] a, int[] ipvt, ExecutorService pool, int threads)
            throws InterruptedException {
        int n = a.length;
        Phaser meet = new Phaser(threads);
        List<Future<?>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            parts.add(pool.submit(() -> {
                try {
                    for (int k = 0; k < n - 1; k++) {
                        if (id == 0) {
                            Linpack.pivot(a, k, ipvt);
                        }
                        if (meet.arriveAndAwaitAdvance() < 0) {
                            return;
                        }
                        int columns = n - 1 - k;
                        int lo = k + 1 + (int) ((long) columns * id / threads);
                        int hi = k + 1 + (int) ((long) columns * (id + 1) / threads);
                        for (int j = lo; j < hi; j++) {
                            Linpack.eliminate(a, k, j, ipvt[k]);
                        }
                        if (meet.arriveAndAwaitAdvance() < 0) {
                            return;
                        }
                    }
                } catch (RuntimeException | Error e) {
                    meet.forceTermination();
                    throw e;
                }
            }));
        }
        for (Future<?> part : parts) {
            try {
                part.get();
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException failure ? failure
                        : new IllegalStateException("LUFact task failed", e.getCause());
            }
        }
        Linpack.lastPivot(a, ipvt);
    }
}
