package org.jomp.examples.leq;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.runtime.Omp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LeqMpiTest {
    private static final LeqProblem PROBLEM = LeqProblem.random(61, 5);
    private static final LeqResult SEQUENTIAL = LeqSequential.solve(PROBLEM);

    private static void assertSameAsSequential(LeqResult r, String what) {
        assertArrayEquals(SEQUENTIAL.x(), r.x(), 0.0, what);
        assertEquals(SEQUENTIAL.iterations(), r.iterations(), what + ": iterations");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void everyRankGetsTheSequentialAnswer(int ranks) {
        LeqResult[] results = new LeqResult[ranks];
        EmbeddedLauncher.run(ranks, world -> results[world.rank()] = LeqMpi.solve(PROBLEM));
        for (int r = 0; r < ranks; r++) {
            assertSameAsSequential(results[r], "LeqMpi on " + ranks + " ranks, rank " + r);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void hybridGivesEveryRankTheSequentialAnswer(int ranks) {
        for (int threads : new int[] {1, 2, 4}) {
            LeqResult[] results = new LeqResult[ranks];
            EmbeddedLauncher.run(ranks, world -> {
                Omp.setNumThreads(threads);
                results[world.rank()] = LeqMpiHybrid.solve(PROBLEM);
            });
            for (int r = 0; r < ranks; r++) {
                String what = "LeqMpiHybrid on " + ranks + " ranks x " + threads + " threads, rank " + r;
                assertSameAsSequential(results[r], what);
            }
        }
    }

    /** Outside any job (a plain java Main) the calling thread is a world of one rank. */
    @Test
    void plainCallIsAWorldOfOne() {
        assertSameAsSequential(LeqMpi.solve(PROBLEM), "plain call");
        assertSameAsSequential(LeqMpiHybrid.solve(PROBLEM), "plain call, hybrid");
    }
}
