package org.jomp.examples.floyd;

import java.util.SplittableRandom;

/** Dense weighted digraphs as row-major distance matrices, the input of every Floyd variant. */
public final class Graph {
    /** "No edge": large enough to dominate any path, small enough that INF + INF does not overflow an int. */
    public static final int INF = Integer.MAX_VALUE / 4;

    private Graph() {
    }

    /**
     * A random digraph on n vertices where each edge exists with the given probability and weighs 1..100.
     * The same seed always gives the same graph, so every variant can be checked against the sequential answer.
     */
    public static int[] random(int n, double edgeProbability, long seed) {
        if (n < 1 || (long) n * n > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("Graph.random: n = " + n + " must be at least 1 and at most 46340"
                    + " (an n*n matrix in one array)");
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] d = new int[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                d[i * n + j] = i == j ? 0 : rnd.nextDouble() < edgeProbability ? 1 + rnd.nextInt(100) : INF;
            }
        }
        return d;
    }

    /** An order-sensitive fingerprint of a distance matrix, printed in the result table. */
    public static long checksum(int[] d) {
        long h = 1125899906842597L;
        for (int v : d) {
            h = 31 * h + v;
        }
        return h;
    }
}
