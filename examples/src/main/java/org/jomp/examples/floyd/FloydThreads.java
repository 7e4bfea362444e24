package org.jomp.examples.floyd;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.Phaser;

/**
 * Floyd–Warshall written by hand with java.util.concurrent: the baseline the directive version is compared with.
 * Each of T tasks owns a block of rows, copies row k into its own buffer, and meets the others at a Phaser after
 * every step k. A task that fails terminates the phaser, so the others stop waiting for it and end too.
 */
public final class FloydThreads {
    private FloydThreads() {
    }

    /** {@code pool} must be able to run {@code threads} tasks at once: they wait for each other every step. */
    public static void solve(int[] d, int n, ExecutorService pool, int threads) throws InterruptedException {
        if (threads < 1) {
            throw new IllegalArgumentException("FloydThreads: threads = " + threads + " must be at least 1");
        }
        Phaser stepDone = new Phaser(threads);
        List<Future<?>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int lo = (int) ((long) n * t / threads);
            int hi = (int) ((long) n * (t + 1) / threads);
            parts.add(pool.submit(() -> {
                try {
                    int[] rowK = new int[n];
                    for (int k = 0; k < n; k++) {
                        System.arraycopy(d, k * n, rowK, 0, n);
                        for (int i = lo; i < hi; i++) {
                            FloydSequential.relax(d, i * n, d[i * n + k], rowK, 0, n);
                        }
                        stepDone.arriveAndAwaitAdvance();
                        if (stepDone.isTerminated()) {
                            return null; // another task failed and reports it
                        }
                    }
                } catch (RuntimeException | Error e) {
                    stepDone.forceTermination();
                    throw e;
                }
                return null;
            }));
        }
        for (Future<?> part : parts) {
            try {
                part.get();
            } catch (ExecutionException e) {
                throw new IllegalStateException("Floyd task failed", e.getCause());
            }
        }
    }
}
