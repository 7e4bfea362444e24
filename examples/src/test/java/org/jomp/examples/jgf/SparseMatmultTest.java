package org.jomp.examples.jgf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.jomp.examples.jgf.sparse.SparseMatmultOmp;
import org.jomp.examples.jgf.sparse.SparseMatmultSequential;
import org.jomp.examples.jgf.sparse.SparseMatmultThreads;
import org.jomp.examples.jgf.sparse.SparseMatrix;
import org.jomp.runtime.Omp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SparseMatmultTest {
    private static final int N = 97;
    private static final int NZ = 500;
    private static final int ITERATIONS = 3;

    private static double[] x() {
        Random random = new Random(2);
        double[] x = new double[N];
        for (int i = 0; i < N; i++) {
            x[i] = random.nextDouble();
        }
        return x;
    }

    private static double[] sequential() {
        double[] y = new double[N];
        SparseMatmultSequential.multiply(SparseMatrix.random(N, NZ, 3), x(), y, ITERATIONS);
        return y;
    }

    @Test
    void agreesWithDenseProduct() {
        SparseMatrix a = SparseMatrix.random(N, NZ, 3);
        double[][] dense = new double[N][N];
        for (int r = 0; r < N; r++) {
            for (int k = a.rowStart()[r]; k < a.rowStart()[r + 1]; k++) {
                dense[r][a.col()[k]] += a.val()[k];
            }
        }
        double[] x = x();
        double[] y = sequential();
        for (int r = 0; r < N; r++) {
            double sum = 0;
            for (int c = 0; c < N; c++) {
                sum += dense[r][c] * x[c];
            }
            assertEquals(ITERATIONS * sum, y[r], 1e-12 * N, "row " + r);
        }
        assertEquals(NZ, a.rowStart()[N]);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void directiveVersionMatchesSequential(int threads) {
        Omp.setNumThreads(threads);
        double[] y = new double[N];
        SparseMatmultOmp.multiply(SparseMatrix.random(N, NZ, 3), x(), y, ITERATIONS);
        assertArrayEquals(sequential(), y);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void handWrittenVersionMatchesSequential(int threads) throws Exception {
        double[] y = new double[N];
        Pools.withPool(threads, pool ->
                SparseMatmultThreads.multiply(SparseMatrix.random(N, NZ, 3), x(), y, ITERATIONS, pool, threads));
        assertArrayEquals(sequential(), y);
    }

    @Test
    void rejectsAnEmptyMatrix() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SparseMatrix.random(0, 4, 1));
        assertTrue(e.getMessage().contains("n=0"), e.getMessage());
    }
}
