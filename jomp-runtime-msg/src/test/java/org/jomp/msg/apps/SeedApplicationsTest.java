package org.jomp.msg.apps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The seed applications written against the API give the sequential answers on any number of ranks. */
class SeedApplicationsTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void aspMatchesSequentialFloyd(int np) {
        int n = 97;
        int[][] expected = AllPairsShortestPaths.graph(n, 42);
        AllPairsShortestPaths.sequential(expected);
        EmbeddedLauncher.run(np, w -> {
            int[][] d = AllPairsShortestPaths.graph(n, 42);
            AllPairsShortestPaths.parallel(w, d);
            for (int i = w.rank(); i < n; i += w.size()) {
                assertArrayEquals(expected[i], d[i], "row " + i + " on rank " + w.rank());
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void leqMatchesSequentialJacobi(int np) {
        int n = 150;
        double[][] a = JacobiSolver.matrix(n, 7);
        double[] b = JacobiSolver.vector(n, 8);
        double[] expected = JacobiSolver.sequential(a, b, 1e-12);
        EmbeddedLauncher.run(np, w -> {
            double[] x = JacobiSolver.parallel(w, a, b, 1e-12);
            assertArrayEquals(expected, x, 1e-10, "rank " + w.rank());
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void qrMatchesSequentialHouseholderWithPivoting(int np) {
        int m = 60;
        int n = 40;
        double[][] expected = HouseholderQr.matrix(m, n, 3);
        int[] order = HouseholderQr.sequential(expected);
        // The sequential reference itself: reflections keep every column's norm, and |R[k][order[k]]| decreases.
        double[][] original = HouseholderQr.matrix(m, n, 3);
        for (int j = 0; j < n; j++) {
            double before = 0;
            double after = 0;
            for (int i = 0; i < m; i++) {
                before += original[i][j] * original[i][j];
                after += expected[i][j] * expected[i][j];
            }
            assertEquals(before, after, 1e-9, "norm of column " + j);
        }
        for (int k = 1; k < n; k++) {
            assertTrue(Math.abs(expected[k][order[k]]) <= Math.abs(expected[k - 1][order[k - 1]]) + 1e-12);
        }
        EmbeddedLauncher.run(np, w -> {
            double[][] a = HouseholderQr.matrix(m, n, 3);
            assertArrayEquals(order, HouseholderQr.parallel(w, a), "pivot order on rank " + w.rank());
            for (int i = 0; i < m; i++) {
                for (int j = w.rank(); j < n; j += w.size()) {
                    assertEquals(expected[i][j], a[i][j], 1e-12, "element " + i + "," + j);
                }
            }
        });
    }
}
