package org.jomp.msg.apps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

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
}
