package org.jomp.examples.jgf.series;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/** Series written by hand with java.util.concurrent: T tasks, each computing one contiguous block of coefficients. */
public final class SeriesThreads {
    private SeriesThreads() {
    }

    public static double[][] coefficients(int n, ExecutorService pool, int threads) throws InterruptedException {
        double[][] ab = new double[2][n];
        List<Future<?>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int lo = (int) ((long) n * t / threads);
            int hi = (int) ((long) n * (t + 1) / threads);
            parts.add(pool.submit(() -> {
                for (int k = lo; k < hi; k++) {
                    SeriesSequential.coefficient(k, ab);
                }
            }));
        }
        for (Future<?> part : parts) {
            try {
                part.get();
            } catch (ExecutionException e) {
                throw new IllegalStateException("Series task failed", e.getCause());
            }
        }
        return ab;
    }
}
