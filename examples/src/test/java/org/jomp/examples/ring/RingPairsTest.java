package org.jomp.examples.ring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RingPairsTest {
    private static final int N = 1003;
    private static final double[] X = new double[N];
    private static final double[] Y = new double[N];

    static {
        Random r = new Random(42);
        for (int i = 0; i < N; i++) {
            X[i] = r.nextDouble();
            Y[i] = r.nextDouble();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void everyRankGetsTheSequentialCounts(int ranks) {
        int[] expected = RingPairs.sequential(X, Y, 0.05);
        // Not a degenerate answer: points have neighbours, and not all the same number.
        assertTrue(Arrays.stream(expected).sum() > N && Arrays.stream(expected).distinct().count() > 3,
                Arrays.toString(expected));
        int[][] results = new int[ranks][];
        EmbeddedLauncher.run(ranks, world -> results[world.rank()] = RingPairs.spmd(world, X, Y, 0.05));
        for (int r = 0; r < ranks; r++) {
            assertArrayEquals(expected, results[r], "rank " + r + " of " + ranks);
        }
    }
}
