package org.jomp.examples.qr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.runtime.Omp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class QrTest {
    private static final QrProblem PROBLEM = QrProblem.random(53, 37, 11);
    private static final QrResult SEQUENTIAL = QrSequential.factor(PROBLEM);

    /** Every variant runs the same kernel on each column in the same order: the same bits. */
    private static void assertSameAsSequential(QrResult r, String what) {
        assertArrayEquals(SEQUENTIAL.permutation(), r.permutation(), what + ": permutation");
        assertArrayEquals(SEQUENTIAL.r(), r.r(), 0.0, what + ": R");
        for (int k = 0; k < PROBLEM.n(); k++) {
            assertArrayEquals(SEQUENTIAL.reflectors()[k], r.reflectors()[k], 0.0, what + ": reflector " + k);
        }
    }

    @Test
    void sequentialFactorsThePermutedMatrix() {
        double error = PROBLEM.factorisationError(SEQUENTIAL);
        assertTrue(error < 1e-13, "||QR - AP|| / ||A|| = " + error);
        double orthogonality = SEQUENTIAL.orthogonalityError();
        assertTrue(orthogonality < 1e-13, "||Q^T Q - I|| = " + orthogonality);
    }

    @Test
    void rIsUpperTriangularWithDiagonalShrinkingAsPivotingPromises() {
        int n = PROBLEM.n();
        for (int row = 0; row < n; row++) {
            for (int column = 0; column < row; column++) {
                assertEquals(0.0, SEQUENTIAL.r(row, column), "R[" + row + "][" + column + "]");
            }
        }
        for (int k = 1; k < n; k++) {
            assertTrue(Math.abs(SEQUENTIAL.r(k, k)) <= Math.abs(SEQUENTIAL.r(k - 1, k - 1)) * (1 + 1e-12),
                    "|R[" + k + "][" + k + "]| grows");
        }
        boolean[] seen = new boolean[n];
        for (int c : SEQUENTIAL.permutation()) {
            assertTrue(!seen[c], "column " + c + " chosen twice");
            seen[c] = true;
        }
    }

    @Test
    void checksDetectAWrongFactorisation() {
        double[] r = SEQUENTIAL.r().clone();
        r[2] += 1e-6;
        QrResult wrong = new QrResult(PROBLEM.m(), PROBLEM.n(), SEQUENTIAL.permutation(), r, SEQUENTIAL.reflectors());
        assertTrue(PROBLEM.factorisationError(wrong) > 1e-8);
    }

    @Test
    void zeroColumnIsFactoredToo() {
        QrProblem p = QrProblem.random(6, 4, 2);
        Arrays.fill(p.columns()[1], 0);
        QrResult r = QrSequential.factor(p);
        assertEquals(1, r.permutation()[3], "the zero column comes last");
        assertTrue(p.factorisationError(r) < 1e-13);
        assertTrue(r.orthogonalityError() < 1e-13);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void directiveVersionMatchesSequential(int threads) {
        assertSameAsSequential(QrOmp.factor(PROBLEM, threads), "omp, " + threads + " threads");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void handWrittenVersionMatchesSequential(int threads) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            assertSameAsSequential(QrThreads.factor(PROBLEM, pool, threads), "threads, " + threads);
        } finally {
            pool.shutdown();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void spmdAndHybridVersionsMatchSequential(int ranks) {
        for (boolean hybrid : new boolean[] {false, true}) {
            QrResult[] results = new QrResult[ranks];
            EmbeddedLauncher.run(ranks, world -> {
                Omp.setNumThreads(2);
                QrProblem mine = world.rank() == 0 ? PROBLEM : null;
                results[world.rank()] = hybrid ? QrHybrid.factor(world, mine) : QrSpmd.factor(world, mine);
            });
            String what = (hybrid ? "hybrid" : "spmd") + " with " + ranks + " ranks";
            assertSameAsSequential(results[0], what);
            for (int r = 1; r < ranks; r++) {
                assertNull(results[r], what + ": rank " + r + " returns nothing");
            }
        }
    }

    @Test
    void moreRanksThanColumns() {
        QrProblem narrow = QrProblem.random(5, 2, 3);
        QrResult expected = QrSequential.factor(narrow);
        QrResult[] results = new QrResult[3];
        EmbeddedLauncher.run(3,
                world -> results[world.rank()] = QrSpmd.factor(world, world.rank() == 0 ? narrow : null));
        assertArrayEquals(expected.r(), results[0].r(), 0.0);
    }

    @Test
    void badInputIsRejectedWithWhatAndWhere() {
        assertEquals("QrProblem.random: need m >= n >= 1, got m = 3, n = 4",
                assertThrows(IllegalArgumentException.class, () -> QrProblem.random(3, 4, 1)).getMessage());
        assertEquals("QrProblem: n = 0 columns must be at least 1",
                assertThrows(IllegalArgumentException.class, () -> new QrProblem(2, 0, new double[0][])).getMessage());
        assertEquals("QrProblem: column 1 must hold m = 3 values, has 2",
                assertThrows(IllegalArgumentException.class,
                        () -> new QrProblem(3, 2, new double[][] {new double[3], new double[2]})).getMessage());
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            assertEquals("QrThreads: threads = -1 must be at least 1",
                    assertThrows(IllegalArgumentException.class, () -> QrThreads.factor(PROBLEM, pool, -1))
                            .getMessage());
        } finally {
            pool.shutdown();
        }
    }
}
