package org.jomp.examples.epcc;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;

import org.jomp.examples.epcc.baseline.ForkJoinSync;
import org.jomp.examples.epcc.baseline.ParallelStreamSync;
import org.jomp.examples.epcc.baseline.TeamSched;
import org.jomp.examples.epcc.baseline.TeamSync;
import org.jomp.examples.epcc.directive.DirectiveSched;
import org.jomp.examples.epcc.directive.DirectiveSync;
import org.jomp.examples.epcc.jomp.JompApiSched;
import org.jomp.examples.epcc.jomp.JompApiSync;
import org.jomp.examples.epcc.latency.ForkLatency;
import org.jomp.examples.epcc.method.Delay;
import org.jomp.examples.epcc.method.EpccMethod;
import org.jomp.examples.epcc.report.CsvReport;
import org.jomp.examples.epcc.report.Measurement;
import org.jomp.examples.epcc.report.PeerReference;
import org.jomp.examples.epcc.report.ResultTable;
import org.jomp.examples.epcc.sched.SchedBench;
import org.jomp.examples.epcc.sched.ScheduleCase;
import org.jomp.examples.epcc.sync.SyncBench;
import org.jomp.examples.epcc.sync.SyncImplementation;
import org.jomp.examples.epcc.tasks.ForkJoinTasks;
import org.jomp.examples.epcc.tasks.JompTasks;
import org.jomp.examples.epcc.tasks.SequentialTasks;
import org.jomp.examples.epcc.tasks.TaskBench;

/**
 * EPCC-style micro-benchmarks of the JOMP runtime (syncbench and schedbench) with hand-written Java baselines
 * measured in the same run and, optionally, libgomp's figures beside them; on request a fine-grained task
 * benchmark against a ForkJoinPool. See docs/benchmarks-smp.md.
 */
public final class Epcc {
    private Epcc() {
    }

    public static void main(String[] args) {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("epcc: " + e.getMessage());
            System.exit(2);
            return;
        }
        if (options.help) {
            System.out.print(Options.USAGE);
            return;
        }
        try {
            System.exit(run(options, System.out, System.err));
        } catch (IOException | RuntimeException e) {
            System.err.println("epcc: " + e);
            e.printStackTrace();
            System.exit(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            System.exit(1);
        }
    }

    /** Runs the benchmarks; returns 0, or 1 when some kernel failed its check. */
    static int run(Options options, PrintStream out, PrintStream log) throws IOException, InterruptedException {
        PeerReference peers = options.peersFile != null ? PeerReference.read(options.peersFile)
                : options.withPeers ? PeerReference.run(List.of(options.peersScript, options.epccPeersScript),
                        options.epccPeersArgs(), options.threads)
                : PeerReference.none();
        Delay delay = Delay.calibrate(options.delayMicros);
        EpccMethod method = new EpccMethod(options.outerReps, options.testTimeMicros, options.warmUpMillis,
                options.interleave);
        printHeader(out, options, delay, peers);

        List<IntFunction<SyncImplementation>> jompSync = List.of(JompApiSync::new, DirectiveSync::new);
        List<IntFunction<SyncImplementation>> baselineSync = List.of(TeamSync::executorBarrier, TeamSync::phaser,
                ForkJoinSync::new, ParallelStreamSync::new);
        SyncBench sync = new SyncBench(method, delay, jompSync, baselineSync);
        List<IntFunction<SyncImplementation>> everySync = new ArrayList<>(jompSync);
        everySync.addAll(baselineSync);
        ForkLatency latency = new ForkLatency(delay, everySync);
        SchedBench sched = new SchedBench(method, delay, options.itersPerThread,
                List.of(JompApiSched::new, DirectiveSched::new),
                List.of(TeamSched::executorBarrier, TeamSched::phaser));
        TaskBench tasks = new TaskBench(options.fibN, options.fibCutoff, options.smallTasks, options.outerReps,
                options.warmUpMillis, delay, options.delayMicros,
                List.of(JompTasks::new, ForkJoinTasks::new, threads -> new SequentialTasks()));
        boolean tasksOk = true;
        List<Measurement> all = new ArrayList<>();
        for (int threads : options.threads) {
            for (int run = 1; run <= options.runs; run++) {
                if (options.runs > 1) {
                    log.printf("run %d of %d, %d threads, load %s%n", run, options.runs, threads, loadAverage());
                }
                if (options.sync) {
                    all.addAll(sync.run(threads, options.constructs, log));
                }
                if (options.sched) {
                    all.addAll(sched.run(threads, ScheduleCase.all(options.maxChunk), log));
                }
            }
            all = new ArrayList<>(Measurement.pool(all));
            ResultTable.print(out, SyncBench.NAME, threads, all, peers);
            ResultTable.print(out, SchedBench.NAME, threads, all, peers);
            if (options.latencyRegions > 0) {
                ForkLatency.print(out, threads, options.delayMicros,
                        latency.run(threads, options.latencyRegions, log));
            }
            if (options.tasks) {
                List<TaskBench.Result> results = tasks.run(threads, log);
                tasks.print(out, threads, results);
                tasksOk &= results.stream().allMatch(TaskBench.Result::ok);
            }
        }
        out.printf(Locale.ROOT, "%nload after the run: %s%n", loadAverage());
        if (options.csv != null) {
            CsvReport.write(options.csv, all, peers);
            out.println("CSV written to " + options.csv);
        }
        return tasksOk && all.stream().allMatch(Measurement::ok) ? 0 : 1;
    }

    private static void printHeader(PrintStream out, Options o, Delay delay, PeerReference peers) {
        Runtime rt = Runtime.getRuntime();
        out.printf(Locale.ROOT, "EPCC-style micro-benchmarks of the JOMP runtime%n");
        out.printf(Locale.ROOT, "  JVM %s %s (%s), %s %s, %d processors%n", System.getProperty("java.vm.name"),
                System.getProperty("java.runtime.version"), System.getProperty("java.vm.vendor"),
                System.getProperty("os.name"), System.getProperty("os.arch"), rt.availableProcessors());
        out.printf(Locale.ROOT, "  load before the run: %s%n", loadAverage());
        out.printf(Locale.ROOT, "  threads %s, %d run(s) of %d outer repetitions (%s), target test time %.0f us, "
                + "warm-up %.0f ms%n", o.threads, o.runs, o.outerReps, o.interleave ? "interleaved" : "back to back",
                o.testTimeMicros, o.warmUpMillis);
        out.printf(Locale.ROOT, "  delay %.3f us = %d iterations; schedbench %d iterations per thread, chunks to %d%n",
                o.delayMicros, delay.length(), o.itersPerThread, o.maxChunk);
        out.printf(Locale.ROOT, "  libgomp reference: %s%n", peers.source());
    }

    private static String loadAverage() {
        Path loadavg = Path.of("/proc/loadavg");
        try {
            String[] fields = Files.readString(loadavg, StandardCharsets.US_ASCII).trim().split("\\s+");
            return fields[0] + " " + fields[1] + " " + fields[2] + " (1, 5, 15 min)";
        } catch (IOException | ArrayIndexOutOfBoundsException e) {
            return "unknown (" + loadavg + " unreadable)";
        }
    }
}
