package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * About a million regions, barriers, reductions and ordered hand-offs in total, with every wait policy and with more
 * threads than cores, so that spinning, yielding and parking hand-offs all run many times. A lost wake-up shows as a
 * hang, which the timeout turns into a failure.
 */
class StressTest {

    private static final Duration LIMIT = Duration.ofSeconds(90);

    @AfterEach
    void restorePolicy() {
        Env.currentWaitPolicy(Env.global().waitPolicy());
    }

    @ParameterizedTest
    @CsvSource({"DEFAULT, 2, 150000", "DEFAULT, 4, 30000", "PASSIVE, 2, 20000", "PASSIVE, 4, 10000",
        "ACTIVE, 3, 20000"})
    void barriers(WaitPolicy policy, int n, int rounds) {
        Env.currentWaitPolicy(policy);
        assertTimeoutPreemptively(LIMIT, () -> {
            int[] phase = new int[n];
            AtomicInteger wrong = new AtomicInteger();
            Omp.parallel(n, true, () -> {
                int me = Omp.threadNum();
                int next = (me + 1) % n;
                for (int r = 1; r <= rounds; r++) {
                    phase[me] = r;
                    Omp.barrier();
                    if (phase[next] < r) {
                        wrong.incrementAndGet();
                    }
                }
            });
            assertEquals(0, wrong.get());
        });
    }

    @ParameterizedTest
    @CsvSource({"DEFAULT, 2, 100000", "DEFAULT, 4, 20000", "PASSIVE, 2, 20000", "PASSIVE, 3, 10000",
        "ACTIVE, 2, 30000"})
    void regionsWithReductions(WaitPolicy policy, int n, int rounds) {
        Env.currentWaitPolicy(policy);
        assertTimeoutPreemptively(LIMIT, () -> {
            long[] sum = {0};
            for (int r = 0; r < rounds; r++) {
                Omp.parallel(n, true, () -> {
                    long mine = Omp.threadNum() + 1;
                    Omp.reductionLock();
                    try {
                        sum[0] += mine;
                    } finally {
                        Omp.reductionUnlock();
                    }
                });
            }
            assertEquals((long) rounds * n * (n + 1) / 2, sum[0]);
        });
    }

    @ParameterizedTest
    @CsvSource({"DEFAULT, 2, 30000", "PASSIVE, 4, 5000"})
    void dynamicLoopsAndSinglesInWarmRegions(WaitPolicy policy, int n, int rounds) {
        Env.currentWaitPolicy(policy);
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicInteger iterations = new AtomicInteger();
            AtomicInteger singles = new AtomicInteger();
            for (int r = 0; r < rounds; r++) {
                Omp.parallel(n, true, () -> {
                    int mine = 0;
                    Loop l = Omp.loop(0, 17, 1, Schedule.dynamic(2), 0);
                    while (l.next()) {
                        mine += l.intEnd() - l.intStart();
                    }
                    l.end(true);
                    if (Omp.singleBegin()) {
                        singles.incrementAndGet();
                    }
                    Omp.singleEnd(false);
                    iterations.addAndGet(mine);
                });
            }
            assertEquals(rounds * 17, iterations.get());
            assertEquals(rounds, singles.get());
        });
    }

    /**
     * Nonmonotonic dynamic loops (threads steal from each other's blocks), five a region back to back with nowait
     * through the work-share ring, of lengths from empty to a few chunks a thread: every iteration runs exactly
     * once, and last() holds in exactly the thread that ran the last iteration, and that iteration was its last.
     */
    @ParameterizedTest
    @CsvSource({"DEFAULT, 3, 20000", "DEFAULT, 4, 15000", "PASSIVE, 2, 15000"})
    void stealingLoopsRunEveryIterationOnce(WaitPolicy policy, int n, int rounds) {
        Env.currentWaitPolicy(policy);
        assertTimeoutPreemptively(LIMIT, () -> {
            int loops = 5;
            AtomicInteger wrong = new AtomicInteger();
            for (int r = 0; r < rounds; r++) {
                int[] lengths = new int[loops];
                AtomicIntegerArray[] hits = new AtomicIntegerArray[loops];
                AtomicInteger[] lastOwners = new AtomicInteger[loops];
                for (int k = 0; k < loops; k++) {
                    lengths[k] = (r * 7 + k * 13) % (6 * n + 3);
                    hits[k] = new AtomicIntegerArray(lengths[k]);
                    lastOwners[k] = new AtomicInteger();
                }
                Omp.parallel(n, true, () -> {
                    for (int k = 0; k < loops; k++) {
                        Loop l = Omp.loop(0, lengths[k], 1, Schedule.dynamic(1 + k % 2), 0);
                        int ranLast = -1;
                        while (l.next()) {
                            for (int i = l.intStart(); i < l.intEnd(); i++) {
                                hits[k].incrementAndGet(i);
                                ranLast = i;
                            }
                        }
                        l.end(true);
                        if (l.last()) {
                            lastOwners[k].incrementAndGet();
                            if (ranLast != lengths[k] - 1) {
                                wrong.incrementAndGet();
                            }
                        }
                    }
                });
                for (int k = 0; k < loops; k++) {
                    for (int i = 0; i < lengths[k]; i++) {
                        if (hits[k].get(i) != 1) {
                            wrong.incrementAndGet();
                        }
                    }
                    if (lastOwners[k].get() != (lengths[k] > 0 ? 1 : 0)) {
                        wrong.incrementAndGet();
                    }
                }
            }
            assertEquals(0, wrong.get(), "iterations not run exactly once, or a wrong last()");
        });
    }

    /**
     * Ordered loops of static,1 chunks (a strict alternation) in short regions, a thread now and then slow enough
     * inside its ordered block for the others to park, so that waits outwait parked team-mates, park and are
     * woken in every order.
     */
    @ParameterizedTest
    @CsvSource({"DEFAULT, 2, 4000", "DEFAULT, 4, 1500", "PASSIVE, 2, 1000", "PASSIVE, 4, 500", "ACTIVE, 3, 1000"})
    void orderedLoopsWithParkedTeamMates(WaitPolicy policy, int n, int rounds) {
        Env.currentWaitPolicy(policy);
        assertTimeoutPreemptively(LIMIT, () -> {
            int iterations = 64;
            long[] inOrder = {0};
            for (int r = 0; r < rounds; r++) {
                int round = r;
                Omp.parallel(n, true, () -> {
                    Loop l = Omp.loop(0, iterations, 1, Schedule.staticChunk(1), Loop.ORDERED);
                    while (l.next()) {
                        for (int i = l.intStart(); i < l.intEnd(); i++) {
                            Omp.orderedBegin(i);
                            if (inOrder[0] % iterations == i) {
                                inOrder[0]++;
                            }
                            if (i == round % iterations && round % 16 == 0) {
                                Thread.sleep(0, 200_000);
                            }
                            Omp.orderedEnd();
                        }
                    }
                    l.end(false);
                });
            }
            assertEquals((long) rounds * iterations, inOrder[0]);
        });
    }
}
