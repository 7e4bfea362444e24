package org.jomp.examples.epcc;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.jomp.examples.epcc.sync.SyncConstruct;

/** The command line of {@link Epcc}, parsed by hand; every error names the option and the bad value. */
final class Options {
    static final String USAGE = """
            usage: epcc [options]
              --quick                 short run for smoke tests (~20 s): fewer repetitions, shorter tests
              --threads LIST          team sizes, comma separated (default 2)
              --bench LIST            sync, sched, tasks, any of them (default sync,sched)
              --measure LIST          syncbench constructs only, e.g. PARALLEL,BARRIER (default all)
              --runs N                run everything N times in a row and pool the repetitions (default 1)
              --no-interleave         time each implementation's outer repetitions back to back (EPCC's order)
              --outer-reps N          outer repetitions per test (default 20; quick 10)
              --test-time US          target time of one test in microseconds (default 1000; quick 500)
              --warmup-ms MS          JIT warm-up per kernel before it is timed (default 200; quick 50)
              --delay-time US         length of EPCC's delay in microseconds (default 0.1)
              --iters-per-thread N    schedbench iterations per thread (default 1024; quick 256)
              --max-chunk N           schedbench largest chunk, powers of two from 1 (default 128; quick 8)
              --fib N                 tasks: Fibonacci number computed with tasks (default 30; quick 25)
              --fib-cutoff N          tasks: below this n, fib runs sequentially (default 12, at least 2)
              --small-tasks N         tasks: small tasks created by one thread (default 10000; quick 2000)
              --latency N             also time N single parallel regions per implementation (N >= 1000) and
                                      print their percentiles (spin hand-off or wake-up?)
              --csv FILE              also write every measurement as CSV
              --peers FILE            libgomp figures: the output of shared/peers/run.sh omp (and of
                                      examples/peers/run.sh omp, appended)
              --with-peers            run the libgomp references now (needs gcc) with the two scripts below
              --peers-script FILE     path of shared/peers/run.sh (default ../shared/peers/run.sh)
              --epcc-peers-script FILE  path of examples/peers/run.sh, libgomp's SINGLE, LOCK, ORDERED, ATOMIC
                                      and schedbench with this run's delay and sizes (default examples/peers/run.sh)
              --help                  this text
            """;

    boolean help;
    List<Integer> threads = List.of(2);
    boolean sync = true;
    boolean sched = true;
    boolean tasks;
    int fibN = 30;
    int fibCutoff = 12;
    int smallTasks = 10_000;
    List<SyncConstruct> constructs = List.of(SyncConstruct.values());
    int runs = 1;
    int latencyRegions;
    boolean interleave = true;
    int outerReps = 20;
    double testTimeMicros = 1000;
    double warmUpMillis = 200;
    double delayMicros = 0.1;
    int itersPerThread = 1024;
    int maxChunk = 128;
    Path csv;
    Path peersFile;
    boolean withPeers;
    Path peersScript = Path.of("..", "shared", "peers", "run.sh");
    Path epccPeersScript = Path.of("examples", "peers", "run.sh");

    static Options parse(String... args) {
        Options o = new Options();
        if (Arrays.asList(args).contains("--quick")) {
            o.outerReps = 10;
            o.testTimeMicros = 500;
            o.warmUpMillis = 50;
            o.itersPerThread = 256;
            o.maxChunk = 8;
            o.fibN = 25;
            o.smallTasks = 2000;
        }
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            switch (option) {
                case "--quick" -> { }
                case "--help", "-h" -> o.help = true;
                case "--threads" -> o.threads = positiveList(option, value(args, ++i, option));
                case "--bench" -> o.benches(value(args, ++i, option));
                case "--measure" -> o.constructs = constructs(option, value(args, ++i, option));
                case "--fib" -> o.fibN = positiveInt(option, value(args, ++i, option));
                case "--fib-cutoff" -> o.fibCutoff = positiveInt(option, value(args, ++i, option));
                case "--small-tasks" -> o.smallTasks = positiveInt(option, value(args, ++i, option));
                case "--latency" -> o.latencyRegions = positiveInt(option, value(args, ++i, option));
                case "--no-interleave" -> o.interleave = false;
                case "--runs" -> o.runs = positiveInt(option, value(args, ++i, option));
                case "--outer-reps" -> o.outerReps = positiveInt(option, value(args, ++i, option));
                case "--test-time" -> o.testTimeMicros = positiveDouble(option, value(args, ++i, option));
                case "--warmup-ms" -> o.warmUpMillis = nonNegativeDouble(option, value(args, ++i, option));
                case "--delay-time" -> o.delayMicros = positiveDouble(option, value(args, ++i, option));
                case "--iters-per-thread" -> o.itersPerThread = positiveInt(option, value(args, ++i, option));
                case "--max-chunk" -> o.maxChunk = positiveInt(option, value(args, ++i, option));
                case "--csv" -> o.csv = Path.of(value(args, ++i, option));
                case "--peers" -> o.peersFile = Path.of(value(args, ++i, option));
                case "--with-peers" -> o.withPeers = true;
                case "--peers-script" -> o.peersScript = Path.of(value(args, ++i, option));
                case "--epcc-peers-script" -> o.epccPeersScript = Path.of(value(args, ++i, option));
                default -> throw new IllegalArgumentException("unknown option '" + option + "' (argument " + (i + 1)
                        + "); see --help");
            }
        }
        if (o.fibCutoff < 2 || o.fibCutoff > o.fibN) {
            throw new IllegalArgumentException("--fib-cutoff: expected 2 <= cutoff <= fib n (" + o.fibN + "), got "
                    + o.fibCutoff);
        }
        if (o.peersFile != null && o.withPeers) {
            throw new IllegalArgumentException("--peers and --with-peers exclude each other");
        }
        return o;
    }

    /** The arguments of examples/peers/run.sh: delay, test time, outer repetitions, schedbench sizes of this run. */
    List<String> epccPeersArgs() {
        return List.of(Double.toString(delayMicros), Double.toString(testTimeMicros), Integer.toString(outerReps),
                Integer.toString(itersPerThread), Integer.toString(maxChunk));
    }

    private void benches(String text) {
        sync = false;
        sched = false;
        tasks = false;
        for (String b : text.split(",")) {
            switch (b.trim().toLowerCase(Locale.ROOT)) {
                case "sync", "syncbench" -> sync = true;
                case "sched", "schedbench" -> sched = true;
                case "tasks" -> tasks = true;
                default -> throw new IllegalArgumentException("--bench: unknown benchmark '" + b
                        + "' (sync, sched or tasks)");
            }
        }
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static List<SyncConstruct> constructs(String option, String text) {
        List<SyncConstruct> list = new ArrayList<>();
        for (String c : text.split(",")) {
            try {
                list.add(SyncConstruct.parse(c));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
            }
        }
        return List.copyOf(list);
    }

    private static List<Integer> positiveList(String option, String text) {
        List<Integer> list = new ArrayList<>();
        for (String n : text.split(",")) {
            list.add(positiveInt(option, n.trim()));
        }
        return List.copyOf(list);
    }

    private static int positiveInt(String option, String text) {
        try {
            int n = Integer.parseInt(text);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below with the option's name
        }
        throw new IllegalArgumentException(option + ": expected a whole number >= 1, got '" + text + "'");
    }

    private static double positiveDouble(String option, String text) {
        double v = number(option, text);
        if (!(v > 0)) {
            throw new IllegalArgumentException(option + ": expected a number > 0, got '" + text + "'");
        }
        return v;
    }

    private static double nonNegativeDouble(String option, String text) {
        double v = number(option, text);
        if (!(v >= 0)) {
            throw new IllegalArgumentException(option + ": expected a number >= 0, got '" + text + "'");
        }
        return v;
    }

    private static double number(String option, String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": expected a number, got '" + text + "'", e);
        }
    }
}
