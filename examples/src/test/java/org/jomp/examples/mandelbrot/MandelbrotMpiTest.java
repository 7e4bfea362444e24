package org.jomp.examples.mandelbrot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.runtime.Omp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MandelbrotMpiTest {
    private static final MandelbrotProblem PROBLEM = MandelbrotProblem.wholeSet(83, 41, 300);
    private static final int[] SEQUENTIAL = MandelbrotSequential.compute(PROBLEM);

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void rankZeroGetsTheSequentialImage(int ranks) {
        int[][] results = new int[ranks][];
        EmbeddedLauncher.run(ranks, world -> results[world.rank()] = MandelbrotMpi.compute(PROBLEM));
        assertArrayEquals(SEQUENTIAL, results[0], "MandelbrotMpi on " + ranks + " ranks");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void hybridGivesRankZeroTheSequentialImage(int ranks) {
        for (int threads : new int[] {1, 2, 4}) {
            int[][] results = new int[ranks][];
            EmbeddedLauncher.run(ranks, world -> {
                Omp.setNumThreads(threads);
                results[world.rank()] = MandelbrotMpiHybrid.compute(PROBLEM);
            });
            assertArrayEquals(SEQUENTIAL, results[0],
                    "MandelbrotMpiHybrid on " + ranks + " ranks x " + threads + " threads");
        }
    }

    /**
     * The work is really divided: rank 1 of 2 computes only the second block of rows (every computed pixel counts at
     * least one iteration, so a zero is a pixel it never computed).
     */
    @Test
    void eachRankComputesOnlyItsBlock() {
        int[][] results = new int[2][];
        EmbeddedLauncher.run(2, world -> results[world.rank()] = MandelbrotMpi.compute(PROBLEM));
        int width = PROBLEM.width();
        int height = PROBLEM.height();
        int secondBlock = (height + 1) / 2;
        for (int y = 0; y < height; y++) {
            int row = y;
            boolean mine = y >= secondBlock;
            for (int x = 0; x < width; x++) {
                int count = results[1][y * width + x];
                if (mine) {
                    assertEquals(SEQUENTIAL[y * width + x], count);
                } else {
                    assertEquals(0, count, () -> "rank 1 computed row " + row);
                }
            }
        }
        assertTrue(secondBlock > 0 && secondBlock < height);
    }

    @Test
    void moreRanksThanRows() {
        MandelbrotProblem flat = MandelbrotProblem.wholeSet(9, 2, 50);
        int[][] results = new int[3][];
        EmbeddedLauncher.run(3, world -> results[world.rank()] = MandelbrotMpi.compute(flat));
        assertArrayEquals(MandelbrotSequential.compute(flat), results[0]);
    }

    /** Outside any job (a plain java Main) the calling thread is a world of one rank. */
    @Test
    void plainCallIsAWorldOfOne() {
        assertArrayEquals(SEQUENTIAL, MandelbrotMpi.compute(PROBLEM));
        assertArrayEquals(SEQUENTIAL, MandelbrotMpiHybrid.compute(PROBLEM));
    }
}
