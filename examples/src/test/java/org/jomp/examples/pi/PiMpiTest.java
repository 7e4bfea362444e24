package org.jomp.examples.pi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.runtime.Omp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PiMpiTest {
    private static final PiProblem PROBLEM = new PiProblem(13L * PiProblem.CHUNK + 1234, 17);
    private static final PiResult SEQUENTIAL = PiSequential.estimate(PROBLEM);

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void everyRankGetsTheSequentialCount(int ranks) {
        PiResult[] results = new PiResult[ranks];
        EmbeddedLauncher.run(ranks, world -> results[world.rank()] = PiMpi.estimate(PROBLEM));
        for (int r = 0; r < ranks; r++) {
            assertEquals(SEQUENTIAL, results[r], "PiMpi on " + ranks + " ranks, rank " + r);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void hybridGivesEveryRankTheSequentialCount(int ranks) {
        for (int threads : new int[] {1, 2, 4}) {
            PiResult[] results = new PiResult[ranks];
            EmbeddedLauncher.run(ranks, world -> {
                Omp.setNumThreads(threads);
                results[world.rank()] = PiMpiHybrid.estimate(PROBLEM);
            });
            for (int r = 0; r < ranks; r++) {
                assertEquals(SEQUENTIAL, results[r], "PiMpiHybrid on " + ranks + " ranks x " + threads
                        + " threads, rank " + r);
            }
        }
    }

    /** Outside any job (a plain java Main) the calling thread is a world of one rank. */
    @Test
    void plainCallIsAWorldOfOne() {
        assertEquals(SEQUENTIAL, PiMpi.estimate(PROBLEM));
        assertEquals(SEQUENTIAL, PiMpiHybrid.estimate(PROBLEM));
    }
}
