package org.jomp.examples.floyd;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Floyd–Warshall written by hand with java.util.concurrent: the baseline the directive version is compared with.
 * Each of T tasks owns a block of rows, copies row k into its own buffer, and meets the others at a CyclicBarrier
 * after every step k.
 */
public final class FloydThreads {
    private FloydThreads() {
    }

    public static void solve(int[] d, int n, ExecutorService pool, int threads) throws InterruptedException {
        CyclicBarrier stepDone = new CyclicBarrier(threads);
        List<Future<?>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int lo = (int) ((long) n * t / threads);
            int hi = (int) ((long) n * (t + 1) / threads);
            parts.add(pool.submit(() -> {
                int[] rowK = new int[n];
                for (int k = 0; k < n; k++) {
                    System.arraycopy(d, k * n, rowK, 0, n);
                    for (int i = lo; i < hi; i++) {
                        FloydSequential.relax(d, i * n, d[i * n + k], rowK, 0, n);
                    }
                    try {
                        stepDone.await();
                    } catch (BrokenBarrierException e) {
                        throw new IllegalStateException("another Floyd task failed", e);
                    }
                }
                return null;
            }));
        }
        for (Future<?> part : parts) {
            try {
                part.get();
            } catch (ExecutionException e) {
                stepDone.reset();
                throw new IllegalStateException("Floyd task failed", e.getCause());
            }
        }
    }
}
