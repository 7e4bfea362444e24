package org.jomp.examples.keysearch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.runtime.Omp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeySearchMpiTest {
    private static final KeySearchProblem.Planted PLANTED;

    static {
        try {
            PLANTED = KeySearchProblem.plant(11, 29);
        } catch (Exception e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void everyRankFindsThePlantedKey(int ranks) {
        KeySearchResult[] results = new KeySearchResult[ranks];
        EmbeddedLauncher.run(ranks, world -> results[world.rank()] = KeySearchMpi.search(PLANTED.problem()));
        for (int r = 0; r < ranks; r++) {
            assertArrayEquals(PLANTED.key(), results[r].key(), "KeySearchMpi on " + ranks + " ranks, rank " + r);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void hybridGivesEveryRankThePlantedKey(int ranks) {
        for (int threads : new int[] {1, 2, 4}) {
            KeySearchResult[] results = new KeySearchResult[ranks];
            EmbeddedLauncher.run(ranks, world -> {
                Omp.setNumThreads(threads);
                results[world.rank()] = KeySearchMpiHybrid.search(PLANTED.problem());
            });
            for (int r = 0; r < ranks; r++) {
                assertArrayEquals(PLANTED.key(), results[r].key(), "KeySearchMpiHybrid on " + ranks + " ranks x "
                        + threads + " threads, rank " + r);
            }
        }
    }

    /** Outside any job (a plain java Main) the calling thread is a world of one rank. */
    @Test
    void plainCallIsAWorldOfOne() throws Exception {
        assertArrayEquals(PLANTED.key(), KeySearchMpi.search(PLANTED.problem()).key());
        assertArrayEquals(PLANTED.key(), KeySearchMpiHybrid.search(PLANTED.problem()).key());
    }
}
