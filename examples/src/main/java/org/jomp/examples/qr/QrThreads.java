package org.jomp.examples.qr;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.Phaser;

/**
 * QR with column pivoting written by hand with java.util.concurrent: the baseline the directive version is compared
 * with. Task t updates columns t, t+T, ...; after every step the tasks meet at a Phaser whose advance action chooses
 * the next pivot and builds its reflector (terminating the phaser after the last step). A task that fails
 * terminates it too, so the others stop waiting for it.
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

    /** {@code pool} must be able to run {@code threads} tasks at once: they wait for each other every step. */
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
        Phaser stepDone = new Phaser(threads) {
            @Override
            protected boolean onAdvance(int phase, int parties) {
                return nextStep();
            }
        };
        List<Future<?>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int first = t;
            parts.add(pool.submit(() -> {
                try {
                    // The advance action runs before any task goes on, so every task sees the new step.
                    do {
                        double[] h = reflectors[step];
                        for (int j = first; j < n; j += threads) {
                            if (!done[j]) {
                                weight[j] = Householder.apply(h, a[j], step, m);
                            }
                        }
                        stepDone.arriveAndAwaitAdvance();
                    } while (!stepDone.isTerminated());
                } catch (RuntimeException | Error e) {
                    stepDone.forceTermination();
                    throw e;
                }
                return null;
            }));
        }
        for (Future<?> part : parts) {
            try {
                part.get();
            } catch (ExecutionException e) {
                throw new IllegalStateException("QR task failed", e.getCause());
            }
        }
    }

    /** The advance action: runs once per step, in the last task to arrive; true after the last step. */
    private boolean nextStep() {
        step++;
        if (step == n) {
            return true;
        }
        startStep();
        return false;
    }

    private void startStep() {
        int pivot = Householder.pivot(weight, done);
        permutation[step] = pivot;
        done[pivot] = true;
        reflectors[step] = Householder.reflector(a[pivot], step, m);
    }
}
