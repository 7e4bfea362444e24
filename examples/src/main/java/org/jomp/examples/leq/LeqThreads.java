package org.jomp.examples.leq;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.Phaser;

/**
 * Jacobi written by hand with java.util.concurrent: the baseline the directive version is compared with. Each of T
 * tasks owns a block of components; after every sweep they meet at a Phaser whose advance action combines their
 * largest changes, swaps the vectors and decides whether to go on (terminating the phaser when done). A task that
 * fails terminates it too, so the others stop waiting for it.
 */
public final class LeqThreads {
    private final LeqProblem p;
    private final double[] partialChange;
    private double[] x;
    private double[] next;
    private int iterations;
    private double change;

    private LeqThreads(LeqProblem p, int threads) {
        this.p = p;
        this.partialChange = new double[threads];
        this.x = new double[p.n()];
        this.next = new double[p.n()];
    }

    /** {@code pool} must be able to run {@code threads} tasks at once: they wait for each other every sweep. */
    public static LeqResult solve(LeqProblem p, ExecutorService pool, int threads) throws InterruptedException {
        if (threads < 1) {
            throw new IllegalArgumentException("LeqThreads: threads = " + threads + " must be at least 1");
        }
        LeqThreads solver = new LeqThreads(p, threads);
        solver.run(pool, threads);
        return new LeqResult(solver.x, solver.iterations, solver.change);
    }

    private void run(ExecutorService pool, int threads) throws InterruptedException {
        int n = p.n();
        Phaser sweepDone = new Phaser(threads) {
            @Override
            protected boolean onAdvance(int phase, int parties) {
                return endSweep();
            }
        };
        List<Future<?>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int task = t;
            int lo = (int) ((long) n * t / threads);
            int hi = (int) ((long) n * (t + 1) / threads);
            parts.add(pool.submit(() -> {
                try {
                    // The advance action runs before any task goes on, so every task sees its writes.
                    do {
                        double local = 0;
                        for (int i = lo; i < hi; i++) {
                            next[i] = LeqSequential.component(p.a(), i * n, p.b()[i], x, i, n);
                            local = Math.max(local, Math.abs(next[i] - x[i]));
                        }
                        partialChange[task] = local;
                        sweepDone.arriveAndAwaitAdvance();
                    } while (!sweepDone.isTerminated());
                } catch (RuntimeException | Error e) {
                    sweepDone.forceTermination();
                    throw e;
                }
                return null;
            }));
        }
        for (Future<?> part : parts) {
            try {
                part.get();
            } catch (ExecutionException e) {
                throw new IllegalStateException("LEQ task failed", e.getCause());
            }
        }
    }

    /** The advance action: runs once per sweep, in the last task to arrive; true when the iteration is over. */
    private boolean endSweep() {
        double largest = 0;
        for (double c : partialChange) {
            largest = Math.max(largest, c);
        }
        double[] previous = x;
        x = next;
        next = previous;
        iterations++;
        change = largest;
        return change <= p.tolerance() || iterations >= p.maxIterations();
    }
}
