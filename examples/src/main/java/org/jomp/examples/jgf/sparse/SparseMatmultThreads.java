package org.jomp.examples.jgf.sparse;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * SparseMatmult written by hand with java.util.concurrent: each of T tasks owns a block of rows for all iterations;
 * rows are independent and x is read-only, so the tasks never need to meet before the end.
 */
public final class SparseMatmultThreads {
    private SparseMatmultThreads() {
    }

    public static void multiply(SparseMatrix a, double[] x, double[] y, int iterations, ExecutorService pool,
            int threads) throws InterruptedException {
        int n = a.n();
        List<Future<?>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int lo = (int) ((long) n * t / threads);
            int hi = (int) ((long) n * (t + 1) / threads);
            parts.add(pool.submit(() -> {
                for (int it = 0; it < iterations; it++) {
                    for (int r = lo; r < hi; r++) {
                        y[r] += a.rowTimes(r, x);
                    }
                }
            }));
        }
        for (Future<?> part : parts) {
            try {
                part.get();
            } catch (ExecutionException e) {
                throw new IllegalStateException("SparseMatmult task failed", e.getCause());
            }
        }
    }
}
