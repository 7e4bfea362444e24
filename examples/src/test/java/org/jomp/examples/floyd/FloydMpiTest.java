package org.jomp.examples.floyd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.runtime.Omp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The //mpi Floyd variants (translated by the build) against FloydSequential, on thread ranks × OpenMP threads. */
class FloydMpiTest {
    private static final int N = 67;

    private static int[] graph() {
        return Graph.random(N, 0.08, 7);
    }

    private static int[] sequential() {
        int[] d = graph();
        FloydSequential.solve(d, N);
        return d;
    }

    @ParameterizedTest(name = "{0} ranks x {1} threads")
    @CsvSource({"1, 1", "1, 2", "2, 1", "2, 2", "3, 1", "3, 2", "4, 1", "4, 2"})
    void spmdAndHybridMatchSequential(int ranks, int threads) {
        for (boolean hybrid : new boolean[] {false, true}) {
            int[] d = graph();
            EmbeddedLauncher.run(ranks, world -> {
                Omp.setNumThreads(threads);
                int[] mine = world.rank() == 0 ? d : new int[N * N];
                if (hybrid) {
                    FloydMpiHybrid.solve(mine, N);
                } else {
                    FloydMpi.solve(mine, N);
                }
            });
            assertArrayEquals(sequential(), d, (hybrid ? "FloydMpiHybrid" : "FloydMpi") + " on " + ranks
                    + " ranks x " + threads + " threads");
        }
    }

    /** Outside any job (a plain java Main) the calling thread is a world of one rank. */
    @Test
    void plainCallIsAWorldOfOne() {
        int[] d = graph();
        FloydMpi.solve(d, N);
        assertArrayEquals(sequential(), d);
        int[] h = graph();
        FloydMpiHybrid.solve(h, N);
        assertArrayEquals(sequential(), h);
    }
}
