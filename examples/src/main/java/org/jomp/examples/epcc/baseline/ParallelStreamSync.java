package org.jomp.examples.epcc.baseline;

import java.util.Optional;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.jomp.examples.epcc.method.Kernel;
import org.jomp.examples.epcc.method.Work;
import org.jomp.examples.epcc.sync.SyncConstruct;
import org.jomp.examples.epcc.sync.SyncImplementation;

/**
 * Parallel streams, {@code IntStream.range(0, threads).parallel()}, run inside a dedicated {@link ForkJoinPool} of
 * the team size (a stream started from a pool's worker runs in that pool). Only PARALLEL FOR and REDUCTION have a
 * stream equivalent.
 */
public final class ParallelStreamSync implements SyncImplementation {
    private final int threads;
    private final ForkJoinPool pool;

    public ParallelStreamSync(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        this.threads = threads;
        this.pool = new ForkJoinPool(threads);
    }

    @Override
    public String name() {
        return "parallel-stream";
    }

    @Override
    public String mechanism(SyncConstruct construct) {
        return construct == SyncConstruct.REDUCTION ? "IntStream.parallel().map().sum()"
                : "IntStream.parallel().forEach()";
    }

    @Override
    public Optional<Kernel> kernel(SyncConstruct construct) {
        return switch (construct) {
            case PARALLEL_FOR -> Optional.of(this::forEach);
            case REDUCTION -> Optional.of(this::sum);
            default -> Optional.empty();
        };
    }

    private long forEach(int innerReps, Work work) {
        pool.invoke(ForkJoinTask.adapt(() -> {
            for (int j = 0; j < innerReps; j++) {
                IntStream.range(0, threads).parallel().forEach(i -> work.run());
            }
        }));
        return 0;
    }

    private long sum(int innerReps, Work work) {
        return pool.invoke(ForkJoinTask.adapt(() -> {
            long aaaa = 0;
            for (int j = 0; j < innerReps; j++) {
                aaaa += IntStream.range(0, threads).parallel().map(i -> {
                    work.run();
                    return 1;
                }).sum();
            }
            return aaaa;
        }));
    }

    @Override
    public void close() {
        pool.shutdownNow();
        try {
            pool.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
