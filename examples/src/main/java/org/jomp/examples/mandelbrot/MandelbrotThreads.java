package org.jomp.examples.mandelbrot;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Mandelbrot set written by hand with java.util.concurrent: T tasks take the next row from a shared counter
 * until none is left (a dynamic schedule with chunks of one row).
 */
public final class MandelbrotThreads {
    private MandelbrotThreads() {
    }

    public static int[] compute(MandelbrotProblem p, ExecutorService pool, int threads) throws InterruptedException {
        if (threads < 1) {
            throw new IllegalArgumentException("MandelbrotThreads: threads = " + threads + " must be at least 1");
        }
        int width = p.width();
        int[] counts = new int[width * p.height()];
        AtomicInteger nextRow = new AtomicInteger();
        List<Future<?>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            parts.add(pool.submit(() -> {
                for (int y = nextRow.getAndIncrement(); y < p.height(); y = nextRow.getAndIncrement()) {
                    p.row(y, counts, y * width);
                }
            }));
        }
        for (Future<?> part : parts) {
            try {
                part.get();
            } catch (ExecutionException e) {
                throw new IllegalStateException("Mandelbrot task failed", e.getCause());
            }
        }
        return counts;
    }
}
