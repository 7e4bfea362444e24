package org.jomp.examples.jgf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.jomp.examples.jgf.lufact.LUFactOmp;
import org.jomp.examples.jgf.lufact.LUFactSequential;
import org.jomp.examples.jgf.lufact.LUFactThreads;
import org.jomp.examples.jgf.lufact.Linpack;
import org.jomp.runtime.Omp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LUFactTest {
    private static final int N = 63;

    private static double[][] sequentialFactors() {
        double[][] a = Linpack.randomMatrix(N, 9);
        LUFactSequential.factor(a, new int[N]);
        return a;
    }

    @Test
    void solvesWithSmallNormalisedResidual() {
        double[][] original = Linpack.randomMatrix(N, 9);
        double[] ones = new double[N];
        Arrays.fill(ones, 1.0);
        double[] b = Linpack.times(original, ones);
        double[][] a = Linpack.randomMatrix(N, 9);
        int[] ipvt = new int[N];
        LUFactSequential.factor(a, ipvt);
        double[] x = b.clone();
        Linpack.solve(a, ipvt, x);
        assertTrue(Linpack.normalisedResidual(original, x, b) < 10,
                "residual " + Linpack.normalisedResidual(original, x, b));
        for (int i = 0; i < N; i++) {
            assertEquals(1.0, x[i], 1e-9, "x[" + i + "]");
        }
    }

    @Test
    void pivotsOnTheLargestEntryOfAColumn() {
        // By columns: A = [[1, 2], [3, 4]]; column 0 is {1, 3}, so row 1 is the pivot and the multiplier is -1/3.
        double[][] a = {{1, 3}, {2, 4}};
        int[] ipvt = new int[2];
        LUFactSequential.factor(a, ipvt);
        assertArrayEquals(new int[] {1, 1}, ipvt);
        assertEquals(3.0, a[0][0]);
        assertEquals(-1.0 / 3, a[0][1]);
        assertEquals(4.0, a[1][0]);
        assertEquals(2 - 4.0 / 3, a[1][1], 1e-15);
    }

    @Test
    void singularMatrixNamesTheColumn() {
        double[][] a = {{1, 2, 3}, {2, 4, 6}, {0, 1, 1}};
        ArithmeticException e = assertThrows(ArithmeticException.class, () -> LUFactSequential.factor(a, new int[3]));
        assertTrue(e.getMessage().contains("column 1"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void directiveVersionMatchesSequential(int threads) {
        Omp.setNumThreads(threads);
        double[][] a = Linpack.randomMatrix(N, 9);
        int[] ipvt = new int[N];
        LUFactOmp.factor(a, ipvt);
        assertArrayEquals(sequentialFactors(), a);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void handWrittenVersionMatchesSequential(int threads) throws Exception {
        double[][] a = Linpack.randomMatrix(N, 9);
        Pools.withPool(threads, pool -> LUFactThreads.factor(a, new int[N], pool, threads));
        assertArrayEquals(sequentialFactors(), a);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void singularMatrixFailsEveryParallelVersionWithTheColumn(int threads) throws Exception {
        Omp.setNumThreads(threads);
        ArithmeticException omp = assertThrows(ArithmeticException.class,
                () -> LUFactOmp.factor(new double[][] {{1, 2, 3}, {2, 4, 6}, {0, 1, 1}}, new int[3]));
        assertTrue(omp.getMessage().contains("column 1"), omp.getMessage());
        Pools.withPool(threads, pool -> {
            ArithmeticException hand = assertThrows(ArithmeticException.class, () ->
                    LUFactThreads.factor(new double[][] {{1, 2, 3}, {2, 4, 6}, {0, 1, 1}}, new int[3], pool, threads));
            assertTrue(hand.getMessage().contains("column 1"), hand.getMessage());
        });
    }
}
