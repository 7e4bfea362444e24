package org.jomp.examples.jgf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.function.DoubleUnaryOperator;

import org.jomp.examples.jgf.series.SeriesOmp;
import org.jomp.examples.jgf.series.SeriesSequential;
import org.jomp.examples.jgf.series.SeriesThreads;
import org.jomp.runtime.Omp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SeriesTest {
    private static final int N = 37;

    /** Composite Simpson rule with many more intervals than the kernel's trapezoid rule: an independent integral. */
    private static double simpson(DoubleUnaryOperator f) {
        int m = 20_000;
        double h = 2.0 / m;
        double sum = f.applyAsDouble(0) + f.applyAsDouble(2);
        for (int i = 1; i < m; i++) {
            sum += (i % 2 == 1 ? 4 : 2) * f.applyAsDouble(i * h);
        }
        return sum * h / 3;
    }

    @Test
    void firstCoefficientsAgreeWithIndependentIntegration() {
        double[][] ab = SeriesSequential.coefficients(4);
        // The trapezoid rule's error with 1000 intervals is about h²/12 times the jump of the integrand's derivative
        // between the ends: below 3e-5 for k <= 3 here.
        assertEquals(simpson(x -> Math.pow(x + 1, x)) / 2, ab[0][0], 1e-4);
        assertEquals(0.0, ab[1][0]);
        for (int k = 1; k < 4; k++) {
            double omega = Math.PI * k;
            assertEquals(simpson(x -> Math.pow(x + 1, x) * Math.cos(omega * x)), ab[0][k], 1e-4, "a" + k);
            assertEquals(simpson(x -> Math.pow(x + 1, x) * Math.sin(omega * x)), ab[1][k], 1e-4, "b" + k);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void directiveVersionMatchesSequential(int threads) {
        Omp.setNumThreads(threads);
        double[][] ab = SeriesOmp.coefficients(N);
        double[][] expected = SeriesSequential.coefficients(N);
        assertArrayEquals(expected[0], ab[0]);
        assertArrayEquals(expected[1], ab[1]);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void handWrittenVersionMatchesSequential(int threads) throws Exception {
        double[][] expected = SeriesSequential.coefficients(N);
        Pools.withPool(threads, pool -> {
            double[][] ab = SeriesThreads.coefficients(N, pool, threads);
            assertArrayEquals(expected[0], ab[0]);
            assertArrayEquals(expected[1], ab[1]);
        });
    }
}
