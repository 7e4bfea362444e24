package org.jomp.examples.mandelbrot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.runtime.Omp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MandelbrotTest {
    private static final MandelbrotProblem PROBLEM = MandelbrotProblem.wholeSet(83, 41, 300);
    private static final int[] SEQUENTIAL = MandelbrotSequential.compute(PROBLEM);

    @Test
    void escapeTimesOfKnownPoints() {
        int limit = 1000;
        assertEquals(limit, MandelbrotProblem.escapeTime(0, 0, limit), "0 is a fixed point");
        assertEquals(limit, MandelbrotProblem.escapeTime(-1, 0, limit), "-1 has period 2");
        assertEquals(limit, MandelbrotProblem.escapeTime(0, 1, limit), "i is preperiodic");
        assertEquals(3, MandelbrotProblem.escapeTime(1, 0, limit), "1: z = 1, 2, 5");
        assertEquals(1, MandelbrotProblem.escapeTime(3, 0, limit), "3: |z1| = 3 > 2");
    }

    @Test
    void imageHasTheSetInsideAndEscapesOutside() {
        int width = PROBLEM.width();
        int centreRow = PROBLEM.height() / 2;
        // The middle row straddles the real axis; its pixel nearest -0.1 lies in the main cardioid, the first
        // pixel (near -2, just off the axis) and the last (near 0.6) escape.
        int nearMinusTenth = (int) ((-0.1 - PROBLEM.xMin()) / (PROBLEM.xMax() - PROBLEM.xMin()) * width);
        assertEquals(PROBLEM.maxIterations(), SEQUENTIAL[centreRow * width + nearMinusTenth]);
        assertTrue(SEQUENTIAL[centreRow * width + width - 1] < 10);
        assertTrue(SEQUENTIAL[0] < 10, "corner -2 - 1.2i escapes at once");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void directiveVersionMatchesSequential(int threads) {
        assertArrayEquals(SEQUENTIAL, MandelbrotOmp.compute(PROBLEM, threads));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void handWrittenVersionMatchesSequential(int threads) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            assertArrayEquals(SEQUENTIAL, MandelbrotThreads.compute(PROBLEM, pool, threads));
        } finally {
            pool.shutdown();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void masterWorkerAndHybridVersionsMatchSequential(int ranks) {
        for (boolean hybrid : new boolean[] {false, true}) {
            for (int chunk : new int[] {1, 5, Integer.MAX_VALUE}) {
                int[][] results = new int[ranks][];
                EmbeddedLauncher.run(ranks, world -> {
                    Omp.setNumThreads(2);
                    MandelbrotProblem mine = world.rank() == 0 ? PROBLEM : null;
                    results[world.rank()] = hybrid ? MandelbrotHybrid.compute(world, mine, chunk)
                            : MandelbrotSpmd.compute(world, mine, chunk);
                });
                String what = (hybrid ? "hybrid" : "spmd") + " with " + ranks + " ranks, chunks of " + chunk;
                assertArrayEquals(SEQUENTIAL, results[0], what);
                for (int r = 1; r < ranks; r++) {
                    assertNull(results[r], what + ": rank " + r);
                }
            }
        }
    }

    @Test
    void badInputIsRejectedWithWhatAndWhere() {
        assertEquals("MandelbrotProblem: image size 0x5 must be at least 1x1",
                assertThrows(IllegalArgumentException.class, () -> MandelbrotProblem.wholeSet(0, 5, 10)).getMessage());
        assertEquals("MandelbrotProblem: image size 100000x100000 has more pixels than one array holds (2147483639)",
                assertThrows(IllegalArgumentException.class,
                        () -> MandelbrotProblem.wholeSet(100_000, 100_000, 10)).getMessage());
        assertEquals("MandelbrotProblem: region [1.0, 1.0] x [0.0, 1.0] is empty",
                assertThrows(IllegalArgumentException.class,
                        () -> new MandelbrotProblem(4, 4, 1, 0, 1, 1, 10)).getMessage());
        assertEquals("MandelbrotProblem: maxIterations = -5 must be at least 1",
                assertThrows(IllegalArgumentException.class, () -> MandelbrotProblem.wholeSet(4, 4, -5)).getMessage());
        Exception e = assertThrows(Exception.class, () -> EmbeddedLauncher.run(2,
                world -> MandelbrotSpmd.compute(world, world.rank() == 0 ? PROBLEM : null, world.rank())));
        assertTrue(messages(e).contains("MandelbrotSpmd on rank 0: chunkRows = 0 must be at least 1"), messages(e));
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            assertEquals("MandelbrotThreads: threads = 0 must be at least 1",
                    assertThrows(IllegalArgumentException.class, () -> MandelbrotThreads.compute(PROBLEM, pool, 0))
                            .getMessage());
        } finally {
            pool.shutdown();
        }
    }

    private static String messages(Throwable t) {
        StringBuilder all = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            all.append(c).append('\n');
        }
        return all.toString();
    }
}
