package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Many short regions that mix tasks, dependences, taskwait, taskgroup and barriers, under every wait policy, with
 * more threads than cores: a lost wake-up shows as a hang (caught by the timeout), a lost or repeated task as a
 * wrong count.
 */
class TaskStressTest {

    @ParameterizedTest
    @EnumSource(WaitPolicy.class)
    void regionsFullOfTasksNeitherHangNorLoseWork(WaitPolicy policy) {
        WaitPolicy saved = Env.currentWaitPolicy();
        Env.currentWaitPolicy(policy);
        try {
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                int regions = 1500;
                int n = 4;
                AtomicLong tasks = new AtomicLong();
                AtomicInteger orderViolations = new AtomicInteger();
                for (int r = 0; r < regions; r++) {
                    Omp.parallel(n, true, () -> {
                        int[] last = {-1};
                        Object[] key = {Omp.threadNum()};
                        for (int i = 0; i < 8; i++) {
                            int k = i;
                            Omp.task(true, false, null, key, () -> {
                                if (last[0] != k - 1) {
                                    orderViolations.incrementAndGet();
                                }
                                last[0] = k;
                                tasks.incrementAndGet();
                            });
                        }
                        Omp.taskwait();
                        Omp.taskgroup(() -> {
                            Omp.task(() -> {
                                Omp.task(tasks::incrementAndGet);
                                tasks.incrementAndGet();
                            });
                        });
                        Omp.barrier();
                        if (Omp.singleBegin()) {
                            Omp.taskloop(0, 64, 1, 4, 0, (s, e) -> tasks.addAndGet(e - s));
                        }
                        Omp.singleEnd(true);
                        Omp.task(tasks::incrementAndGet);
                    });
                }
                assertEquals(0, orderViolations.get());
                assertEquals((long) regions * (n * (8 + 2 + 1) + 64), tasks.get());
            });
        } finally {
            Env.currentWaitPolicy(saved);
        }
    }
}
