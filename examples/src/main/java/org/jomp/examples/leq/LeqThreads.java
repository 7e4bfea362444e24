package org.jomp.examples.leq;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Jacobi written by hand with java.util.concurrent: the baseline the directive version is compared with. Each of T
 * tasks owns a block of components; after every sweep they meet at a CyclicBarrier whose action combines their
 * largest changes, swaps the vectors and decides whether to go on.
 */
public final class LeqThreads {
    private final LeqProblem p;
    private final double[] partialChange;
    private double[] x;
    private double[] next;
    private int iterations;
    private double change;
    private boolean done;

    private LeqThreads(LeqProblem p, int threads) {
        this.p = p;
        this.partialChange = new double[threads];
        this.x = new double[p.n()];
        this.next = new double[p.n()];
    }

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
        CyclicBarrier sweepDone = new CyclicBarrier(threads, this::endSweep);
        List<Future<?>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int task = t;
            int lo = (int) ((long) n * t / threads);
            int hi = (int) ((long) n * (t + 1) / threads);
            parts.add(pool.submit(() -> {
                // The barrier action runs before any task leaves await, so every task sees its writes.
                while (!done) {
                    double local = 0;
                    for (int i = lo; i < hi; i++) {
                        next[i] = LeqSequential.component(p.a(), i * n, p.b()[i], x, i, n);
                        local = Math.max(local, Math.abs(next[i] - x[i]));
                    }
                    partialChange[task] = local;
                    try {
                        sweepDone.await();
                    } catch (BrokenBarrierException e) {
                        throw new IllegalStateException("another LEQ task failed", e);
                    }
                }
                return null;
            }));
        }
        for (Future<?> part : parts) {
            try {
                part.get();
            } catch (ExecutionException e) {
                sweepDone.reset();
                throw new IllegalStateException("LEQ task failed", e.getCause());
            }
        }
    }

    /** The barrier action: runs once per sweep, in the last task to arrive. */
    private void endSweep() {
        double largest = 0;
        for (double c : partialChange) {
            largest = Math.max(largest, c);
        }
        double[] previous = x;
        x = next;
        next = previous;
        iterations++;
        change = largest;
        done = change <= p.tolerance() || iterations >= p.maxIterations();
    }
}
