package org.jomp.examples.msgbench;

import java.util.ArrayList;
import java.util.List;

/**
 * The floor for ranks that are threads: two threads of this JVM play ping-pong by copying the message straight
 * into the other thread's array ({@code System.arraycopy}) and publishing a sequence number through a volatile
 * field, the other spinning on it ({@link Thread#onSpinWait}). No queues, no matching, no parking: what a
 * shared-memory message cannot beat.
 */
final class RawHandOff {
    private volatile long turn;

    private RawHandOff() {
    }

    /**
     * One-way microseconds for {@code bytes}-byte messages, one figure per sample.
     *
     * @param sampleMicros how long each sample should take
     */
    static List<Double> measure(int bytes, int samples, double sampleMicros) throws InterruptedException {
        List<Double> out = new ArrayList<>();
        RawHandOff h = new RawHandOff();
        byte[] a = new byte[bytes];
        byte[] b = new byte[bytes];
        int iters = 16;
        for (int s = -2; s < samples; s++) {
            double perRoundTrip = h.run(a, b, iters) / iters;
            if (s >= 0) {
                out.add(perRoundTrip / 2);
            }
            iters = (int) Math.max(1, Math.min(5_000_000, sampleMicros / Math.max(perRoundTrip, 0.005)));
        }
        return out;
    }

    /** {@code iters} round trips; returns elapsed microseconds. */
    private double run(byte[] a, byte[] b, int iters) throws InterruptedException {
        turn = 0;
        long rounds = 2L * iters;
        Thread partner = new Thread(() -> play(b, a, 1, rounds), "raw-hand-off-partner");
        partner.start();
        long t0 = System.nanoTime();
        play(a, b, 0, rounds);
        long t = System.nanoTime() - t0;
        partner.join();
        return t / 1e3;
    }

    /** Takes every other turn from {@code first}: copies {@code mine} into {@code theirs}, passes the turn. */
    private void play(byte[] mine, byte[] theirs, long first, long rounds) {
        for (long t = first; t < rounds; t += 2) {
            while (turn != t) {
                Thread.onSpinWait();
            }
            System.arraycopy(mine, 0, theirs, 0, mine.length);
            turn = t + 1;
        }
    }
}
