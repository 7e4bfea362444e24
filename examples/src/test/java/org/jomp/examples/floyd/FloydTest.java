package org.jomp.examples.floyd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.runtime.Omp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FloydTest {
    private static final int N = 67;

    private static int[] sequential() {
        int[] d = Graph.random(N, 0.08, 7);
        FloydSequential.solve(d, N);
        return d;
    }

    @Test
    void sequentialMatchesBruteForceRelaxationOnSmallGraph() {
        int n = 9;
        int[] d = Graph.random(n, 0.3, 3);
        int[] brute = d.clone();
        // Bellman-Ford style relaxation to a fixed point: independent of Floyd's loop order.
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < n; k++) {
                    for (int j = 0; j < n; j++) {
                        if (brute[i * n + k] < Graph.INF && brute[k * n + j] < Graph.INF
                                && brute[i * n + k] + brute[k * n + j] < brute[i * n + j]) {
                            brute[i * n + j] = brute[i * n + k] + brute[k * n + j];
                            changed = true;
                        }
                    }
                }
            }
        }
        FloydSequential.solve(d, n);
        assertArrayEquals(brute, d);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void directiveVersionMatchesSequential(int threads) {
        int[] d = Graph.random(N, 0.08, 7);
        Omp.setNumThreads(threads);
        FloydOmp.solve(d, N);
        assertArrayEquals(sequential(), d);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void handWrittenVersionMatchesSequential(int threads) throws Exception {
        int[] d = Graph.random(N, 0.08, 7);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            FloydThreads.solve(d, N, pool, threads);
        } finally {
            pool.shutdown();
        }
        assertArrayEquals(sequential(), d);
    }

    /** The last task's last row is cut short: it fails while the others wait for it at the phaser. */
    @Test
    @Timeout(60)
    void aFailingTaskEndsTheHandWrittenVersionInsteadOfHangingIt() {
        int[] d = Arrays.copyOf(Graph.random(N, 0.08, 7), N * N - 1);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> FloydThreads.solve(d, N, pool, 4));
            assertInstanceOf(ArrayIndexOutOfBoundsException.class, e.getCause());
            assertEquals("FloydThreads: threads = 0 must be at least 1",
                    assertThrows(IllegalArgumentException.class, () -> FloydThreads.solve(d, N, pool, 0)).getMessage());
        } finally {
            pool.shutdown();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void spmdAndHybridVersionsMatchSequential(int ranks) throws Exception {
        for (boolean hybrid : new boolean[] {false, true}) {
            int[] d = Graph.random(N, 0.08, 7);
            EmbeddedLauncher.run(ranks, world -> {
                Omp.setNumThreads(2);
                int[] mine = world.rank() == 0 ? d : null;
                if (hybrid) {
                    FloydHybrid.solve(world, mine, N);
                } else {
                    FloydSpmd.solve(world, mine, N);
                }
            });
            assertArrayEquals(sequential(), d, (hybrid ? "hybrid" : "spmd") + " with " + ranks + " ranks");
        }
    }

    @Test
    void badGraphSizesAreRejectedWithTheSize() {
        assertEquals("Graph.random: n = 0 must be at least 1 and at most 46340 (an n*n matrix in one array)",
                assertThrows(IllegalArgumentException.class, () -> Graph.random(0, 0.5, 1)).getMessage());
        assertEquals("Graph.random: n = 46341 must be at least 1 and at most 46340 (an n*n matrix in one array)",
                assertThrows(IllegalArgumentException.class, () -> Graph.random(46_341, 0.5, 1)).getMessage());
    }

    @Test
    void ownerAgreesWithBlockDistribution() {
        for (int size = 1; size <= 7; size++) {
            for (int k = 0; k < N; k++) {
                RowBlocks blocks = RowBlocks.of(N, size);
                int r = blocks.owner(k);
                assertTrue(blocks.firstRow(r) <= k && k < blocks.firstRow(r + 1),
                        "row " + k + " of " + N + " on " + size + " ranks");
            }
        }
    }
}
