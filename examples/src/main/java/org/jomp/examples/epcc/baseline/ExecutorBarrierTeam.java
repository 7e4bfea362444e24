package org.jomp.examples.epcc.baseline;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The textbook team: a fixed thread pool runs the other members' share of each region as submitted tasks, and a
 * {@link CyclicBarrier} joins them (it also serves barriers inside the region). Every region therefore pays a
 * queue hand-off and, once the pool's threads have parked, an unpark per member.
 */
public final class ExecutorBarrierTeam implements Team {
    /** A barrier wait longer than this is a failure, never a hang. */
    private static final long WAIT_LIMIT_SECONDS = 60;

    private final int size;
    private final ExecutorService pool;
    private final CyclicBarrier barrier;
    private final Runnable[] members;
    private volatile Body body;
    private volatile Throwable failure;

    public ExecutorBarrierTeam(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("team size must be >= 1, got " + size);
        }
        this.size = size;
        this.pool = size > 1 ? Executors.newFixedThreadPool(size - 1, daemonThreads()) : null;
        this.barrier = new CyclicBarrier(size);
        this.members = new Runnable[size];
        for (int t = 0; t < size; t++) {
            int thread = t;
            members[t] = () -> member(thread);
        }
    }

    private static java.util.concurrent.ThreadFactory daemonThreads() {
        return r -> {
            Thread thread = new Thread(r, "executor-team");
            thread.setDaemon(true);
            return thread;
        };
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public void region(Body body) {
        this.body = body;
        this.failure = null;
        for (int t = 1; t < size; t++) {
            pool.execute(members[t]);
        }
        member(0);
        Throwable thrown = failure;
        if (thrown != null) {
            throw new TeamFailure("a member of the executor team threw", thrown);
        }
    }

    private void member(int thread) {
        try {
            body.run(thread);
        } catch (RuntimeException | Error e) {
            failure = e;
        } finally {
            barrier();
        }
    }

    @Override
    public void barrier() {
        try {
            barrier.await(WAIT_LIMIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TeamFailure("interrupted in a CyclicBarrier wait", e);
        } catch (BrokenBarrierException | TimeoutException e) {
            throw new TeamFailure("CyclicBarrier of " + size + " threads failed", e);
        }
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
