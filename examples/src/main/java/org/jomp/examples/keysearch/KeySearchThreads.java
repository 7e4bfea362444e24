package org.jomp.examples.keysearch;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Exhaustive key search written by hand with java.util.concurrent: T tasks, each with its own searcher, try a block
 * of candidates each (all of it, as the other variants do); the smallest match wins.
 */
public final class KeySearchThreads {
    private KeySearchThreads() {
    }

    public static KeySearchResult search(KeySearchProblem p, ExecutorService pool, int threads)
            throws InterruptedException {
        if (threads < 1) {
            throw new IllegalArgumentException("KeySearchThreads: threads = " + threads + " must be at least 1");
        }
        long candidates = p.candidates();
        List<Future<Long>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            long lo = candidates * t / threads;
            long hi = candidates * (t + 1) / threads;
            parts.add(pool.submit(() -> {
                Searcher searcher = p.searcher();
                long found = KeySearchResult.NONE;
                for (long c = lo; c < hi; c++) {
                    if (searcher.matches(c)) {
                        found = Math.min(found, c);
                    }
                }
                return found;
            }));
        }
        long found = KeySearchResult.NONE;
        for (Future<Long> part : parts) {
            try {
                found = Math.min(found, part.get());
            } catch (ExecutionException e) {
                throw new IllegalStateException("key search task failed", e.getCause());
            }
        }
        return KeySearchResult.of(p, found);
    }
}
