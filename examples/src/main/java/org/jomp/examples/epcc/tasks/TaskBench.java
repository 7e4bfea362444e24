package org.jomp.examples.epcc.tasks;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;

import org.jomp.examples.epcc.method.CountingWork;
import org.jomp.examples.epcc.method.Delay;
import org.jomp.examples.epcc.method.Sample;

/**
 * Fine-grained tasks (bin/epcc --bench tasks): recursive Fibonacci with a cutoff, and many small tasks created by
 * one thread, for the JOMP runtime, a ForkJoinPool of the same size and the sequential code, measured in the same
 * run. Each contestant is checked first (fib's value against the sequential one, the number of small tasks run),
 * warmed up, then timed {@code reps} times, the contestants' repetitions interleaved so that a burst of load falls
 * on all of them alike; the table gives medians and the ratio forkjoin / jomp (above 1, JOMP is faster).
 */
public final class TaskBench {
    public static final String NAME = "tasks";

    private final int fibN;
    private final int cutoff;
    private final int smallTasks;
    private final int reps;
    private final double warmUpMillis;
    private final Delay delay;
    private final double delayMicros;
    private final List<IntFunction<TaskKernels>> contestants;

    public TaskBench(int fibN, int cutoff, int smallTasks, int reps, double warmUpMillis, Delay delay,
            double delayMicros, List<IntFunction<TaskKernels>> contestants) {
        if (cutoff < 2 || fibN < cutoff || smallTasks < 1 || reps < 1) {
            throw new IllegalArgumentException("tasks: need 2 <= cutoff <= n, small tasks >= 1 and reps >= 1, got n "
                    + fibN + ", cutoff " + cutoff + ", " + smallTasks + " tasks, " + reps + " reps");
        }
        this.fibN = fibN;
        this.cutoff = cutoff;
        this.smallTasks = smallTasks;
        this.reps = reps;
        this.warmUpMillis = warmUpMillis;
        this.delay = delay;
        this.delayMicros = delayMicros;
        this.contestants = List.copyOf(contestants);
    }

    /** One contestant's figures: fib in ms, small tasks in us per task, or the failure of its check. */
    public record Result(String name, Sample fibMillis, Sample microsPerTask, int smallTaskThreads, String failure) {
        public boolean ok() {
            return failure == null;
        }
    }

    /** Measures every contestant at {@code threads}; progress goes to {@code log}. */
    public List<Result> run(int threads, PrintStream log) {
        List<TaskKernels> kernels = new ArrayList<>();
        for (IntFunction<TaskKernels> factory : contestants) {
            kernels.add(factory.apply(threads));
        }
        try {
            log.printf(Locale.ROOT, "tasks: fib(%d) cutoff %d, %d small tasks, %d threads%n", fibN, cutoff,
                    smallTasks, threads);
            long expectedFib = TaskKernels.sequentialFib(fibN);
            String[] failures = new String[kernels.size()];
            int[] participants = new int[kernels.size()];
            for (int k = 0; k < kernels.size(); k++) {
                failures[k] = check(kernels.get(k), expectedFib);
                CountingWork counting = new CountingWork(delay);
                kernels.get(k).smallTasks(smallTasks, counting);
                participants[k] = counting.distinctThreads();
                warmUp(kernels.get(k));
            }
            double[][] fib = new double[kernels.size()][reps];
            double[][] small = new double[kernels.size()][reps];
            for (int r = 0; r < reps; r++) {
                for (int k = 0; k < kernels.size(); k++) {
                    if (failures[k] != null) {
                        continue;
                    }
                    TaskKernels c = kernels.get(k);
                    long t0 = System.nanoTime();
                    c.fib(fibN, cutoff);
                    long t1 = System.nanoTime();
                    c.smallTasks(smallTasks, delay);
                    long t2 = System.nanoTime();
                    fib[k][r] = (t1 - t0) / 1e6;
                    small[k][r] = (t2 - t1) / 1e3 / smallTasks;
                }
            }
            List<Result> results = new ArrayList<>();
            for (int k = 0; k < kernels.size(); k++) {
                results.add(failures[k] != null
                        ? new Result(kernels.get(k).name(), null, null, participants[k], failures[k])
                        : new Result(kernels.get(k).name(), Sample.of(fib[k]), Sample.of(small[k]), participants[k],
                                null));
            }
            return results;
        } finally {
            kernels.forEach(TaskKernels::close);
        }
    }

    private String check(TaskKernels c, long expectedFib) {
        long f = c.fib(fibN, cutoff);
        if (f != expectedFib) {
            return "fib(" + fibN + ") = " + f + ", expected " + expectedFib;
        }
        CountingWork counting = new CountingWork(delay);
        c.smallTasks(smallTasks, counting);
        if (counting.calls() != smallTasks) {
            return counting.calls() + " small tasks ran, expected " + smallTasks;
        }
        return null;
    }

    private void warmUp(TaskKernels c) {
        long end = System.nanoTime() + (long) (warmUpMillis * 1e6);
        do {
            c.fib(fibN, cutoff);
            c.smallTasks(smallTasks, delay);
        } while (System.nanoTime() < end);
    }

    /** The table of one team size. */
    public void print(PrintStream out, int threads, List<Result> results) {
        out.printf(Locale.ROOT, "%n== tasks, %d threads: median of %d interleaved repetitions (spread = min..max)%n",
                threads, reps);
        out.printf(Locale.ROOT, "%-12s %12s %19s %14s %19s %9s%n", "contestant", "fib(" + fibN + "," + cutoff + ") ms",
                "spread", "us per task", "spread", "threads");
        Result jomp = null;
        Result forkJoin = null;
        for (Result r : results) {
            if (!r.ok()) {
                out.printf(Locale.ROOT, "%-12s FAILED: %s%n", r.name(), r.failure());
                continue;
            }
            out.printf(Locale.ROOT, "%-12s %12.3f %19s %14.3f %19s %9d%n", r.name(), r.fibMillis().median(),
                    String.format(Locale.ROOT, "%.3f..%.3f", r.fibMillis().min(), r.fibMillis().max()),
                    r.microsPerTask().median(), String.format(Locale.ROOT, "%.3f..%.3f", r.microsPerTask().min(),
                            r.microsPerTask().max()), r.smallTaskThreads());
            if (r.name().equals("jomp-api")) {
                jomp = r;
            } else if (r.name().equals("forkjoin")) {
                forkJoin = r;
            }
        }
        if (jomp != null && forkJoin != null) {
            out.printf(Locale.ROOT, "forkjoin/jomp: fib %.2f, small tasks %.2f (above 1, JOMP is faster)%n",
                    forkJoin.fibMillis().median() / jomp.fibMillis().median(),
                    forkJoin.microsPerTask().median() / jomp.microsPerTask().median());
        }
        out.printf(Locale.ROOT, "(small tasks: a %.3f us delay each; threads = how many threads ran small tasks "
                + "in the checked run)%n", delayMicros);
    }
}
