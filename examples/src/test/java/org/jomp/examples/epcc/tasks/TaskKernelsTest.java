package org.jomp.examples.epcc.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

import org.jomp.examples.epcc.method.CountingWork;
import org.jomp.examples.epcc.method.Delay;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The task kernels compute what the sequential code computes, and the bench reports every contestant. */
class TaskKernelsTest {
    private static final Delay DELAY = new Delay(10);

    /** Fibonacci by its loop, independent of the recursive code under test. */
    private static long fibByLoop(int n) {
        long a = 0;
        long b = 1;
        for (int i = 0; i < n; i++) {
            long next = a + b;
            a = b;
            b = next;
        }
        return a;
    }

    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {1, 2, 4})
    void everyContestantComputesFibAndRunsEverySmallTask(int threads) {
        List<IntFunction<TaskKernels>> factories = List.of(JompTasks::new, ForkJoinTasks::new,
                t -> new SequentialTasks());
        for (IntFunction<TaskKernels> factory : factories) {
            try (TaskKernels kernels = factory.apply(threads)) {
                for (int[] nc : new int[][] {{2, 2}, {20, 2}, {22, 8}, {24, 24}}) {
                    assertEquals(fibByLoop(nc[0]), kernels.fib(nc[0], nc[1]),
                            kernels.name() + " fib(" + nc[0] + ") cutoff " + nc[1] + " on " + threads + " threads");
                }
                CountingWork work = new CountingWork(DELAY);
                kernels.smallTasks(777, work);
                assertEquals(777, work.calls(), kernels.name() + " small tasks on " + threads + " threads");
            }
        }
    }

    @Test
    void jompSpreadsSmallTasksOverTheTeam() {
        try (TaskKernels kernels = new JompTasks(2)) {
            // Each task waits (up to 10 s) until a second thread has run one: only a team that really shares the
            // tasks ends before the limit with two threads seen.
            Set<Thread> seen = ConcurrentHashMap.newKeySet();
            kernels.smallTasks(50, () -> {
                seen.add(Thread.currentThread());
                long end = System.nanoTime() + 10_000_000_000L;
                while (seen.size() < 2 && System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
            });
            assertEquals(2, seen.size(), "threads that ran small tasks");
        }
    }

    @Test
    void theBenchPrintsEveryContestantAndTheRatio() {
        TaskBench bench = new TaskBench(18, 8, 300, 3, 0, DELAY, 0.01,
                List.of(JompTasks::new, ForkJoinTasks::new, t -> new SequentialTasks()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream log = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        List<TaskBench.Result> results = bench.run(2, log);
        bench.print(new PrintStream(out, true, StandardCharsets.UTF_8), 2, results);
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(3, results.size());
        assertTrue(results.stream().allMatch(TaskBench.Result::ok), text);
        assertTrue(text.contains("== tasks, 2 threads"), text);
        assertTrue(text.contains("jomp-api") && text.contains("forkjoin") && text.contains("sequential"), text);
        assertTrue(text.contains("forkjoin/jomp: fib"), text);
    }

    @Test
    void badSettingsSayWhatIsWrong() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TaskBench(10, 1, 5, 1, 0, DELAY, 0.1, List.of()));
        assertTrue(e.getMessage().contains("cutoff 1"), e.getMessage());
    }
}
