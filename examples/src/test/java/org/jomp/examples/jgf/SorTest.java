package org.jomp.examples.jgf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jomp.examples.jgf.sor.SorOmp;
import org.jomp.examples.jgf.sor.SorSequential;
import org.jomp.examples.jgf.sor.SorThreads;
import org.jomp.runtime.Omp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SorTest {
    private static final int M = 41;
    private static final int N = 29;
    private static final int ITERATIONS = 12;

    private static double[][] sequential() {
        double[][] g = SorSequential.randomGrid(M, N, 5);
        SorSequential.solve(g, SorSequential.OMEGA, ITERATIONS);
        return g;
    }

    @Test
    void onePointGridFollowsTheUpdateFormula() {
        double[][] g = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
        SorSequential.solve(g, 1.25, 1);
        // The only interior point (1,1) is red; neighbours 2, 4, 6, 8 sum to 20.
        assertEquals(1.25 / 4 * 20 + (1 - 1.25) * 5, g[1][1]);
        assertEquals(2.0, g[0][1]);
    }

    @Test
    void redPointsUseBlackValuesFromThePreviousSweepAndBlackPointsTheNewRed() {
        double[][] g = {{0, 0, 0, 0}, {0, 1, 2, 0}, {0, 3, 4, 0}, {0, 0, 0, 0}};
        SorSequential.solve(g, 1.0, 1);
        // omega 1 is Gauss-Seidel: red (1,1) and (2,2) average their black neighbours 2 and 3, then black (1,2) and
        // (2,1) average the new red values.
        double red = (2 + 3) / 4.0;
        assertEquals(red, g[1][1]);
        assertEquals(red, g[2][2]);
        assertEquals(2 * red / 4, g[1][2]);
        assertEquals(2 * red / 4, g[2][1]);
    }

    @Test
    void relaxationShrinksTheResidual() {
        double[][] g = SorSequential.randomGrid(M, N, 5);
        double before = SorSequential.residual(g);
        SorSequential.solve(g, SorSequential.OMEGA, 50);
        assertTrue(SorSequential.residual(g) < before / 10,
                "residual " + SorSequential.residual(g) + " from " + before);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void directiveVersionMatchesSequential(int threads) {
        Omp.setNumThreads(threads);
        double[][] g = SorSequential.randomGrid(M, N, 5);
        SorOmp.solve(g, SorSequential.OMEGA, ITERATIONS);
        assertArrayEquals(sequential(), g);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void handWrittenVersionMatchesSequential(int threads) throws Exception {
        double[][] g = SorSequential.randomGrid(M, N, 5);
        Pools.withPool(threads, pool -> SorThreads.solve(g, SorSequential.OMEGA, ITERATIONS, pool, threads));
        assertArrayEquals(sequential(), g);
    }
}
