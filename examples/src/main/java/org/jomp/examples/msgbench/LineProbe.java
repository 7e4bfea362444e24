package org.jomp.examples.msgbench;

import java.util.concurrent.locks.LockSupport;

/**
 * How far apart the host has put this machine's two cores at the moment: the calling thread and a helper thread pass
 * one volatile field back and forth, and the one-way time of that hand-off is the time a cache line takes to move
 * between the cores. On a virtual machine it is not a constant: on the 2-vCPU AMD EPYC guest these figures come from,
 * a C ping-pong of one line between the two vCPUs read 60-85 ns or 205-320 ns one way, switching every few seconds
 * (the host, it seems, moves the vCPUs between cores that share a level-3 cache and cores that do not). A
 * shared-memory message of a few bytes costs about one such move, so its time follows the placement and a figure is
 * only comparable with another taken in the same placement (docs/benchmarks-msg.md). Only meaningful while nothing
 * else runs: the probe's two threads must hold both cores.
 */
final class LineProbe implements AutoCloseable {
    /** Below this the cores share a level-3 cache (a move took 15-85 ns there in Java), above it not (175-325). */
    static final double NEAR_NANOS = 150;

    /** Odd: the helper's move; even: the caller's. */
    private volatile long turn;
    private volatile boolean playing;
    private volatile boolean resting = true;
    private volatile boolean closed;
    private final Thread helper;

    LineProbe() {
        helper = new Thread(this::help, "line-probe-helper");
        helper.setDaemon(true);
        helper.start();
    }

    /** One-way nanoseconds of the hand-off, over about {@code millis} of round trips. */
    double measure(double millis) {
        turn = 0;
        playing = true;
        LockSupport.unpark(helper);
        long rounds = 0;
        long deadline = (long) (millis * 1e6);
        long t0 = 0;
        long elapsed;
        do {
            // The first 64 round trips wake the helper up and are not timed.
            for (int i = 0; i < 64; i++, rounds++) {
                if (rounds == 64) {
                    t0 = System.nanoTime();
                }
                long mine = 2 * rounds;
                turn = mine + 1;
                while (turn != mine + 2) {
                    Thread.onSpinWait();
                }
            }
            elapsed = System.nanoTime() - t0;
        } while (rounds <= 64 || elapsed < deadline);
        playing = false;
        while (!resting) {
            Thread.onSpinWait();
        }
        return elapsed / (2.0 * (rounds - 64));
    }

    private void help() {
        while (!closed) {
            if (!playing) {
                LockSupport.park(this);
                continue;
            }
            resting = false;
            while (playing) {
                long t = turn;
                if ((t & 1) != 0) {
                    turn = t + 1;
                } else {
                    Thread.onSpinWait();
                }
            }
            resting = true;
        }
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(helper);
    }
}
