package org.jomp.examples.epcc.baseline;

import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A persistent team synchronised by one {@link Phaser}: members wait for the phase that starts a region, run the
 * body, and arrive again to join; barriers inside a region are further phases of the same Phaser. A Phaser spins
 * briefly before it parks, so back-to-back regions mostly avoid the unpark a CyclicBarrier pays.
 */
public final class PhaserTeam implements Team {
    private static final long WAIT_LIMIT_SECONDS = 60;

    private final int size;
    private final Phaser phaser;
    private final Thread[] workers;
    private volatile Body body;
    private volatile boolean closing;
    private volatile Throwable failure;

    public PhaserTeam(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("team size must be >= 1, got " + size);
        }
        this.size = size;
        this.phaser = new Phaser(size);
        this.workers = new Thread[size - 1];
        for (int t = 1; t < size; t++) {
            int thread = t;
            workers[t - 1] = new Thread(() -> work(thread), "phaser-team-" + t);
            workers[t - 1].setDaemon(true);
            workers[t - 1].start();
        }
    }

    private void work(int thread) {
        while (true) {
            barrier();
            if (closing) {
                return;
            }
            runBody(thread);
            barrier();
        }
    }

    private void runBody(int thread) {
        try {
            body.run(thread);
        } catch (RuntimeException | Error e) {
            failure = e;
        }
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public void region(Body body) {
        this.body = body;
        this.failure = null;
        barrier();
        runBody(0);
        barrier();
        Throwable thrown = failure;
        if (thrown != null) {
            throw new TeamFailure("a member of the Phaser team threw", thrown);
        }
    }

    @Override
    public void barrier() {
        try {
            phaser.awaitAdvanceInterruptibly(phaser.arrive(), WAIT_LIMIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TeamFailure("interrupted in a Phaser wait", e);
        } catch (TimeoutException e) {
            throw new TeamFailure("Phaser of " + size + " threads waited more than " + WAIT_LIMIT_SECONDS + " s", e);
        }
    }

    @Override
    public void close() {
        closing = true;
        barrier();
        for (Thread worker : workers) {
            try {
                worker.join(TimeUnit.SECONDS.toMillis(WAIT_LIMIT_SECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
