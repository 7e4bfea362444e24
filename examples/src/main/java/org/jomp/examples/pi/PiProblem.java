package org.jomp.examples.pi;

import java.util.SplittableRandom;

/**
 * Estimating pi by Monte Carlo integration (Metropolis and Ulam 1949): throw {@code samples} random points into the
 * unit square and count those inside the quarter circle, a fraction pi/4 of its area. The points come in chunks of
 * {@link #CHUNK}, chunk c from its own generator seeded from (seed, c), so the count does not depend on how chunks
 * are divided among threads or ranks.
 */
public record PiProblem(long samples, long seed) {
    public static final int CHUNK = 1 << 14;

    public PiProblem {
        if (samples < 1) {
            throw new IllegalArgumentException("PiProblem: samples = " + samples + " must be at least 1");
        }
    }

    public long chunks() {
        return (samples + CHUNK - 1) / CHUNK;
    }

    /** Points of chunk c inside the quarter circle x^2 + y^2 < 1. */
    long hitsInChunk(long c) {
        // Multiplying by an odd constant spreads consecutive chunk numbers over the seed space (a Weyl sequence).
        SplittableRandom rnd = new SplittableRandom(seed ^ (c * 0x9E3779B97F4A7C15L));
        long points = Math.min(CHUNK, samples - c * CHUNK);
        long hits = 0;
        for (long i = 0; i < points; i++) {
            double x = rnd.nextDouble();
            double y = rnd.nextDouble();
            if (x * x + y * y < 1) {
                hits++;
            }
        }
        return hits;
    }

    /**
     * Six standard deviations of the estimate: 4 sqrt(p (1 - p) / samples) with p = pi/4. A correct count misses pi
     * by more than this with probability about 2e-9, so the independent check can use it as a bound.
     */
    public double tolerance() {
        double p = Math.PI / 4;
        return 6 * 4 * Math.sqrt(p * (1 - p) / samples);
    }
}
