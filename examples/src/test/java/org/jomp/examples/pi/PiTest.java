package org.jomp.examples.pi;

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

class PiTest {
    /** Not a multiple of the chunk size, so the short last chunk is exercised. */
    private static final PiProblem PROBLEM = new PiProblem(13L * PiProblem.CHUNK + 1234, 17);
    private static final PiResult SEQUENTIAL = PiSequential.estimate(PROBLEM);

    @Test
    void sequentialEstimateIsAsAccurateAsTheSampleCountAllows() {
        assertEquals(PROBLEM.samples(), SEQUENTIAL.samples());
        double error = Math.abs(SEQUENTIAL.estimate() - Math.PI);
        assertTrue(error <= PROBLEM.tolerance(), "estimate " + SEQUENTIAL.estimate() + " misses pi by " + error
                + ", more than six standard deviations " + PROBLEM.tolerance());
        assertTrue(PROBLEM.tolerance() < 0.05, "the bound is tight enough to catch a wrong count");
    }

    @Test
    void moreSamplesGiveAMoreAccurateEstimate() {
        PiProblem large = new PiProblem(64L * PiProblem.CHUNK, 3);
        double error = Math.abs(PiSequential.estimate(large).estimate() - Math.PI);
        assertTrue(error <= large.tolerance(), "error " + error + " against " + large.tolerance());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void directiveVersionMatchesSequential(int threads) {
        assertEquals(SEQUENTIAL, PiOmp.estimate(PROBLEM, threads));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void handWrittenVersionMatchesSequential(int threads) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            assertEquals(SEQUENTIAL, PiThreads.estimate(PROBLEM, pool, threads));
        } finally {
            pool.shutdown();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void spmdAndHybridVersionsMatchSequentialOnEveryRank(int ranks) {
        for (boolean hybrid : new boolean[] {false, true}) {
            PiResult[] results = new PiResult[ranks];
            EmbeddedLauncher.run(ranks, world -> {
                Omp.setNumThreads(2);
                results[world.rank()] = hybrid ? PiHybrid.estimate(world, PROBLEM) : PiSpmd.estimate(world, PROBLEM);
            });
            for (int r = 0; r < ranks; r++) {
                String what = (hybrid ? "hybrid" : "spmd") + " with " + ranks + " ranks, rank " + r;
                assertEquals(SEQUENTIAL, results[r], what);
            }
        }
    }

    @Test
    void badInputIsRejectedWithWhatAndWhere() {
        assertEquals("PiProblem: samples = 0 must be at least 1",
                assertThrows(IllegalArgumentException.class, () -> new PiProblem(0, 1)).getMessage());
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            assertEquals("PiThreads: threads = -3 must be at least 1",
                    assertThrows(IllegalArgumentException.class, () -> PiThreads.estimate(PROBLEM, pool, -3))
                            .getMessage());
        } finally {
            pool.shutdown();
        }
    }
}
