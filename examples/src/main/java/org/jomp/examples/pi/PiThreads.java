package org.jomp.examples.pi;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/** Monte Carlo pi written by hand with java.util.concurrent: T tasks count a block of chunks each; the sums add up. */
public final class PiThreads {
    private PiThreads() {
    }

    public static PiResult estimate(PiProblem p, ExecutorService pool, int threads) throws InterruptedException {
        if (threads < 1) {
            throw new IllegalArgumentException("PiThreads: threads = " + threads + " must be at least 1");
        }
        long chunks = p.chunks();
        List<Future<Long>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            long lo = chunks * t / threads;
            long hi = chunks * (t + 1) / threads;
            parts.add(pool.submit(() -> {
                long hits = 0;
                for (long c = lo; c < hi; c++) {
                    hits += p.hitsInChunk(c);
                }
                return hits;
            }));
        }
        long hits = 0;
        for (Future<Long> part : parts) {
            try {
                hits += part.get();
            } catch (ExecutionException e) {
                throw new IllegalStateException("pi task failed", e.getCause());
            }
        }
        return new PiResult(hits, p.samples());
    }
}
