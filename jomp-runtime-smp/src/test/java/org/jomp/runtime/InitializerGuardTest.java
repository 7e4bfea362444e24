package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** A region inside its own class's static initialiser runs on one thread instead of deadlocking. */
class InitializerGuardTest {

    private static final int N = 10_000;

    /** Computes its table in a parallel region while the class is being initialised, as a static field would. */
    static final class Table {
        static final AtomicInteger TEAM = new AtomicInteger();
        static final long SUM = sum(4);

        static long sum(int threads) {
            AtomicLong total = new AtomicLong();
            Omp.parallel(threads, true, () -> {
                TEAM.set(Omp.numThreads());
                long mine = 0;
                for (int i = Omp.threadNum(); i < N; i += Omp.numThreads()) {
                    mine += i;
                }
                total.addAndGet(mine);
            });
            return total.get();
        }
    }

    /** Like {@link Table}, but its region's body is a lambda of another class, which workers may run. */
    static final class Elsewhere {
        static final int TEAM = TeamSizeProbe.teamSize(2);
    }

    @Test
    void aRegionInItsClassInitialiserRunsOnOneThreadWithAWarning() {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        long sum;
        try {
            sum = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> Table.SUM,
                    "the workers wait for the class's initialisation, which waits for them");
        } finally {
            System.setErr(err);
        }
        assertEquals((long) N * (N - 1) / 2, sum);
        assertEquals(1, Table.TEAM.get());
        String warning = captured.toString(StandardCharsets.UTF_8);
        assertTrue(warning.contains("static initialiser of " + Table.class.getName()
                + " (InitializerGuardTest.java:"), warning);

        assertEquals((long) N * (N - 1) / 2, Table.sum(4));
        assertEquals(4, Table.TEAM.get(), "once the class is initialised its regions run in parallel");
    }

    @Test
    void aRegionOfAnotherNestInAnInitialiserRunsInParallel() {
        assertEquals(2, assertTimeoutPreemptively(Duration.ofSeconds(30), () -> Elsewhere.TEAM));
    }
}

/** A top-level class of its own: a nest apart from {@link InitializerGuardTest}'s. */
final class TeamSizeProbe {
    private TeamSizeProbe() {
    }

    static int teamSize(int threads) {
        AtomicInteger seen = new AtomicInteger();
        Omp.parallel(threads, true, () -> seen.set(Omp.numThreads()));
        return seen.get();
    }
}
