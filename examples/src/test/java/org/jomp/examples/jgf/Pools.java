package org.jomp.examples.jgf;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Runs a hand-written variant on a fixed pool of the given size and shuts the pool down afterwards. */
final class Pools {
    private Pools() {
    }

    @FunctionalInterface
    interface PoolWork {
        void run(ExecutorService pool) throws Exception;
    }

    static void withPool(int threads, PoolWork work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            work.run(pool);
        } finally {
            pool.shutdownNow();
        }
    }
}
