package org.jomp.examples.qr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.runtime.Omp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class QrMpiTest {
    private static final QrProblem PROBLEM = QrProblem.random(53, 37, 11);
    private static final QrResult SEQUENTIAL = QrSequential.factor(PROBLEM);

    private static void assertSameAsSequential(QrResult r, String what) {
        assertArrayEquals(SEQUENTIAL.permutation(), r.permutation(), what + ": permutation");
        assertArrayEquals(SEQUENTIAL.r(), r.r(), 0.0, what + ": R");
        for (int k = 0; k < PROBLEM.n(); k++) {
            assertArrayEquals(SEQUENTIAL.reflectors()[k], r.reflectors()[k], 0.0, what + ": reflector " + k);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void everyRankGetsTheSequentialFactorisation(int ranks) {
        QrResult[] results = new QrResult[ranks];
        EmbeddedLauncher.run(ranks, world -> results[world.rank()] = QrMpi.factor(PROBLEM));
        for (int r = 0; r < ranks; r++) {
            assertSameAsSequential(results[r], "QrMpi on " + ranks + " ranks, rank " + r);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void hybridGivesEveryRankTheSequentialFactorisation(int ranks) {
        for (int threads : new int[] {1, 2, 4}) {
            QrResult[] results = new QrResult[ranks];
            EmbeddedLauncher.run(ranks, world -> {
                Omp.setNumThreads(threads);
                results[world.rank()] = QrMpiHybrid.factor(PROBLEM);
            });
            for (int r = 0; r < ranks; r++) {
                String what = "QrMpiHybrid on " + ranks + " ranks x " + threads + " threads, rank " + r;
                assertSameAsSequential(results[r], what);
            }
        }
    }

    @Test
    void moreRanksThanColumns() {
        QrProblem narrow = QrProblem.random(5, 2, 3);
        QrResult expected = QrSequential.factor(narrow);
        QrResult[] results = new QrResult[3];
        EmbeddedLauncher.run(3, world -> results[world.rank()] = QrMpi.factor(narrow));
        for (QrResult r : results) {
            assertArrayEquals(expected.r(), r.r(), 0.0);
        }
    }

    /** Outside any job (a plain java Main) the calling thread is a world of one rank. */
    @Test
    void plainCallIsAWorldOfOne() {
        assertSameAsSequential(QrMpi.factor(PROBLEM), "plain call");
        assertSameAsSequential(QrMpiHybrid.factor(PROBLEM), "plain call, hybrid");
    }
}
