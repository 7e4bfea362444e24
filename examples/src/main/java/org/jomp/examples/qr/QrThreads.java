package org.jomp.examples.qr;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * QR with column pivoting written by hand with java.util.concurrent: the baseline the directive version is compared
 * with. Task t updates columns t, t+T, ...; after every step the tasks meet at a CyclicBarrier whose action chooses
 * the next pivot and builds its reflector.
 */
public final class QrThreads {
    private final int m;
    private final int n;
    private final double[][] a;
    private final double[] weight;
    private final boolean[] done;
    private final int[] permutation;
    private final double[][] reflectors;
    private int step;

    private QrThreads(QrProblem p) {
        m = p.m();
        n = p.n();
        a = p.copyColumns();
        weight = new double[n];
        done = new boolean[n];
        permutation = new int[n];
        reflectors = new double[n][];
    }

    public static QrResult factor(QrProblem p, ExecutorService pool, int threads) throws InterruptedException {
        if (threads < 1) {
            throw new IllegalArgumentException("QrThreads: threads = " + threads + " must be at least 1");
        }
        QrThreads qr = new QrThreads(p);
        qr.run(pool, threads);
        return QrResult.assemble(qr.m, qr.n, qr.a, qr.permutation, qr.reflectors);
    }

    private void run(ExecutorService pool, int threads) throws InterruptedException {
        for (int j = 0; j < n; j++) {
            weight[j] = Householder.squaredNorm(a[j], 0, m);
        }
        startStep();
        CyclicBarrier stepDone = new CyclicBarrier(threads, this::nextStep);
        List<Future<?>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int first = t;
            parts.add(pool.submit(() -> {
                // The barrier action runs before any task leaves await, so every task sees the new step.
                while (step < n) {
                    double[] h = reflectors[step];
                    for (int j = first; j < n; j += threads) {
                        if (!done[j]) {
                            weight[j] = Householder.apply(h, a[j], step, m);
                        }
                    }
                    try {
                        stepDone.await();
                    } catch (BrokenBarrierException e) {
                        throw new IllegalStateException("another QR task failed", e);
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
                throw new IllegalStateException("QR task failed", e.getCause());
            }
        }
    }

    /** The barrier action: runs once per step, in the last task to arrive. */
    private void nextStep() {
        step++;
        if (step < n) {
            startStep();
        }
    }

    private void startStep() {
        int pivot = Householder.pivot(weight, done);
        permutation[step] = pivot;
        done[pivot] = true;
        reflectors[step] = Householder.reflector(a[pivot], step, m);
    }
}
