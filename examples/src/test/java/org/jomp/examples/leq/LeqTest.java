package org.jomp.examples.leq;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.runtime.Omp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LeqTest {
    private static final int N = 61;
    private static final LeqProblem PROBLEM = LeqProblem.random(N, 5);
    private static final LeqResult SEQUENTIAL = LeqSequential.solve(PROBLEM);

    /** Same sweeps in the same order of operations: the same bits and the same iteration count. */
    private static void assertSameAsSequential(LeqResult r, String what) {
        assertArrayEquals(SEQUENTIAL.x(), r.x(), 0.0, what);
        assertEquals(SEQUENTIAL.iterations(), r.iterations(), what + ": iterations");
    }

    @Test
    void sequentialSolvesTheSystem() {
        assertTrue(SEQUENTIAL.lastChange() <= PROBLEM.tolerance(), "converged: " + SEQUENTIAL);
        assertTrue(SEQUENTIAL.iterations() > 5, "a real iteration, not a lucky start: " + SEQUENTIAL.iterations());
        double residual = PROBLEM.relativeResidual(SEQUENTIAL.x());
        assertTrue(residual < 1e-9, "relative residual " + residual);
    }

    @Test
    void residualDetectsAWrongSolution() {
        double[] wrong = SEQUENTIAL.x().clone();
        wrong[N / 2] += 1e-3;
        assertTrue(PROBLEM.relativeResidual(wrong) > 1e-6);
    }

    @Test
    void stopsAtMaxIterations() {
        LeqProblem capped = new LeqProblem(N, PROBLEM.a(), PROBLEM.b(), PROBLEM.tolerance(), 3);
        LeqResult r = LeqSequential.solve(capped);
        assertEquals(3, r.iterations());
        assertTrue(r.lastChange() > capped.tolerance());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void directiveVersionMatchesSequential(int threads) {
        assertSameAsSequential(LeqOmp.solve(PROBLEM, threads), "omp, " + threads + " threads");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void handWrittenVersionMatchesSequential(int threads) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            assertSameAsSequential(LeqThreads.solve(PROBLEM, pool, threads), "threads, " + threads);
        } finally {
            pool.shutdown();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void spmdAndHybridVersionsMatchSequentialOnEveryRank(int ranks) {
        for (boolean hybrid : new boolean[] {false, true}) {
            LeqResult[] results = new LeqResult[ranks];
            EmbeddedLauncher.run(ranks, world -> {
                Omp.setNumThreads(2);
                LeqProblem mine = world.rank() == 0 ? PROBLEM : null;
                results[world.rank()] = hybrid ? LeqHybrid.solve(world, mine) : LeqSpmd.solve(world, mine);
            });
            for (int r = 0; r < ranks; r++) {
                String what = (hybrid ? "hybrid" : "spmd") + " with " + ranks + " ranks, rank " + r;
                assertSameAsSequential(results[r], what);
            }
        }
    }

    @Test
    void moreRanksThanComponents() {
        LeqProblem tiny = LeqProblem.random(3, 1);
        LeqResult expected = LeqSequential.solve(tiny);
        LeqResult[] results = new LeqResult[4];
        EmbeddedLauncher.run(4,
                world -> results[world.rank()] = LeqSpmd.solve(world, world.rank() == 0 ? tiny : null));
        assertArrayEquals(expected.x(), results[0].x(), 0.0);
        assertArrayEquals(expected.x(), results[3].x(), 0.0);
    }

    @Test
    void badInputIsRejectedWithWhatAndWhere() {
        assertEquals("LeqProblem.random: n = -2 must be at least 1",
                assertThrows(IllegalArgumentException.class, () -> LeqProblem.random(-2, 1)).getMessage());
        assertEquals("LeqProblem.random: n = 50000 needs 2500000000 coefficients, more than one array holds"
                + " (2147483639)",
                assertThrows(IllegalArgumentException.class, () -> LeqProblem.random(50_000, 1)).getMessage());
        assertEquals("LeqProblem: b must hold n = 2 values, has 3",
                assertThrows(IllegalArgumentException.class,
                        () -> new LeqProblem(2, new double[4], new double[3], 1e-6, 10)).getMessage());
        assertEquals("LeqProblem: a must hold n*n = 4 coefficients, has none (null)",
                assertThrows(IllegalArgumentException.class,
                        () -> new LeqProblem(2, null, new double[2], 1e-6, 10)).getMessage());
        assertEquals("LeqProblem: tolerance = 0.0 must be positive",
                assertThrows(IllegalArgumentException.class,
                        () -> new LeqProblem(2, new double[4], new double[2], 0, 10)).getMessage());
        assertEquals("LeqProblem: maxIterations = 0 must be at least 1",
                assertThrows(IllegalArgumentException.class,
                        () -> new LeqProblem(2, new double[4], new double[2], 1e-6, 0)).getMessage());
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            assertEquals("LeqThreads: threads = 0 must be at least 1",
                    assertThrows(IllegalArgumentException.class, () -> LeqThreads.solve(PROBLEM, pool, 0))
                            .getMessage());
        } finally {
            pool.shutdown();
        }
    }
}
