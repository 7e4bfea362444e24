package org.jomp.examples.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes docs/results.md: where the comparison ran, the code sizes, the median run times and speedups, the generated
 * versus hand-written ratio at two threads against the target, and the plots. Pure text from the results, so it is
 * tested without running anything.
 */
public final class ResultsReport {
    /** Generated code may be at most this much slower than hand-written code at two threads. */
    public static final double TARGET = 1.05;

    /** Threads at which the target is judged. */
    public static final int TARGET_THREADS = 2;

    private ResultsReport() {
    }

    /**
     * @param workers the thread and rank counts that were run
     * @param quick whether the quick sizes were used
     * @param images file names of the plots, relative to the report
     */
    public static String markdown(Environment env, List<ExampleResult> results, int[] workers, boolean quick,
            List<String> images) {
        StringBuilder md = new StringBuilder();
        md.append("# Generated versus hand-written: results\n\n");
        md.append("Written by `bin/jomp-compare`; do not edit by hand, run the command again (see \"Reproducing\"). ")
                .append("Generated means the `//omp` version translated by JOMP's Maven plugin; hand-written means ")
                .append("the same algorithm parallelised with java.util.concurrent; SPMD means the communicator ")
                .append("version with ranks as threads of one JVM.\n\n");
        md.append("| | |\n| --- | --- |\n");
        row(md, "date", env.date());
        row(md, "command", "`" + env.command() + "`");
        row(md, "machine", env.machine() + ", " + env.cpu() + ", " + env.cores() + " cores");
        row(md, "JDK", env.jdk());
        row(md, "load average (1, 5, 15 min)", "before: " + env.loadBefore() + "; after: " + env.loadAfter());
        row(md, "sizes", quick ? "quick (`--quick`): smaller problems, fewer repetitions" : "default");
        md.append('\n');
        double load = Environment.oneMinute(env.loadBefore());
        if (load > env.cores()) {
            md.append(String.format(Locale.ROOT, "**The machine was busy** (load %.2f on %d cores): other programs "
                    + "took CPU time from the parallel runs, so speedups are lower and noisier than on an idle "
                    + "machine.%n%n", load, env.cores()));
        }

        md.append("## Summary: generated against hand-written at ").append(TARGET_THREADS).append(" threads\n\n");
        md.append(String.format(Locale.ROOT, "Target: the generated version's median time at most %.0f%% above the "
                + "hand-written version's.%n%n", (TARGET - 1) * 100));
        md.append("| example | size | generated / hand-written | target | spread generated | spread hand-written |\n");
        md.append("| --- | --- | ---: | --- | ---: | ---: |\n");
        List<ExampleResult> missed = new ArrayList<>();
        for (ExampleResult r : results) {
            double ratio = r.generatedOverHandWritten(TARGET_THREADS);
            boolean met = ratio <= TARGET;
            if (!met) {
                missed.add(r);
            }
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s |%n", r.name(), r.size(),
                    number(ratio, "%.3f"), Double.isNaN(ratio) ? "not run" : met ? "met" : "**missed**",
                    percent(r.spread(Variant.DIRECTIVE, TARGET_THREADS)),
                    percent(r.spread(Variant.HAND_WRITTEN, TARGET_THREADS))));
        }
        md.append('\n');
        md.append("The spread of a variant is (slowest − fastest) / median of its repetitions; a gap smaller than the ")
                .append("spreads is within the noise of the run.\n\n");
        if (missed.isEmpty()) {
            md.append("The target is met on every example.\n\n");
        } else {
            md.append("### Where the target is missed\n\n");
            for (ExampleResult r : missed) {
                double ratio = r.generatedOverHandWritten(TARGET_THREADS);
                md.append(String.format(Locale.ROOT, "- **%s**: generated %s the hand-written time. ", r.name(),
                        Double.isNaN(ratio) ? "was not compared with" : String.format(Locale.ROOT, "%.1f%% above",
                                (ratio - 1) * 100)));
                double noise = Math.max(r.spread(Variant.DIRECTIVE, TARGET_THREADS),
                        r.spread(Variant.HAND_WRITTEN, TARGET_THREADS));
                if (ratio - 1 < noise) {
                    md.append(String.format(Locale.ROOT, "The gap is smaller than the spread of the repetitions "
                            + "(%s), so this run cannot tell the two apart. ", percent(noise)));
                }
                md.append("How the versions differ: ").append(r.differences()).append('\n');
            }
            md.append('\n');
        }

        md.append("## Code size\n\n");
        md.append("Lines and bytes of code without comments and blank lines; \"parallel\" counts the lines that are ")
                .append("not in the sequential version (the rule is under \"How code is counted\").\n\n");
        md.append("| example | generated: lines | bytes | parallel lines | hand-written: lines | bytes | parallel lines ")
                .append("| SPMD: lines | bytes | parallel lines |\n");
        md.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (ExampleResult r : results) {
            md.append("| ").append(r.name()).append(" | ").append(size(r.directive())).append(" | ")
                    .append(size(r.handWritten())).append(" | ").append(size(r.spmd())).append(" |\n");
        }
        md.append('\n');

        md.append("## Run times\n\n");
        md.append("Median wall time in seconds of the repetitions after warm-up, and in brackets the speedup over ")
                .append("the sequential version's median.\n\n");
        int over = 0;
        for (int w : workers) {
            over = w > env.cores() ? w : over;
        }
        if (over > 0) {
            md.append(String.format(Locale.ROOT, "The machine has %d cores: with %d threads or ranks they take turns "
                    + "on the cores, so no speedup beyond %d is possible there.%n%n", env.cores(), over, env.cores()));
        }
        md.append("| example | variant |");
        for (int w : workers) {
            md.append(' ').append(w).append(" |");
        }
        md.append("\n| --- | --- |");
        for (int w : workers) {
            md.append(" ---: |");
        }
        md.append('\n');
        for (ExampleResult r : results) {
            md.append("| ").append(r.name()).append(" (").append(r.size()).append(") | sequential | ")
                    .append(number(r.median(Variant.SEQUENTIAL, 1), "%.4f")).append(" |");
            for (int k = 1; k < workers.length; k++) {
                md.append(" |");
            }
            md.append('\n');
            for (Variant v : new Variant[] {Variant.DIRECTIVE, Variant.HAND_WRITTEN, Variant.SPMD}) {
                if (Double.isNaN(r.median(v, workers[0]))) {
                    continue;
                }
                md.append("| | ").append(v.label()).append(" |");
                for (int w : workers) {
                    md.append(' ').append(number(r.median(v, w), "%.4f")).append(" (")
                            .append(number(r.speedup(v, w), "%.2f")).append(") |");
                }
                md.append('\n');
            }
        }
        md.append('\n');

        if (!images.isEmpty()) {
            md.append("## Plots\n\n");
            for (String image : images) {
                md.append("![").append(image).append("](").append(image).append(")\n\n");
            }
        }

        md.append("## How code is counted\n\n");
        md.append("""
                For each example the counted files are the variant classes themselves as the user writes them (the
                untranslated sources under `examples/src/main/java`), not helpers they share with the sequential
                version (the graph generator, the IDEA cipher, the LINPACK steps).

                1. Comments are removed: `//` to the end of the line and `/* ... */`, except JOMP directive comments
                   (a line comment starting `//omp` or `//mpi`), which are the parallel program's code and stay.
                   String, character and text-block literals are left alone.
                2. Every line is trimmed and runs of blanks in it become one space; empty lines are dropped. What
                   remains are the code lines; bytes are their UTF-8 bytes plus one line break each.
                3. A code line is parallelism-related when it is not part of a longest common subsequence of the
                   variant's code lines and the sequential version's code lines (a line diff). Before comparing,
                   the variant's class name is read as the sequential class's name, and references qualified by the
                   sequential class (`FloydSequential.relax(...)`) are read unqualified, so renaming the class or
                   calling the sequential kernel is not parallel code.

                This follows the CCJ paper's measure (Nelisse et al. 2003: lines of code, and the share of them
                related to parallelism) with a rule that a program can apply the same way every time: what is not
                in the sequential program is what parallelisation added or changed.

                ## Reproducing

                ```
                bin/jomp-compare            # default sizes, 2 warm-ups and 5 timed repetitions per variant
                bin/jomp-compare --quick    # smaller sizes, 1 warm-up and 3 repetitions
                bin/jomp-compare --only floyd,lufact --sizes lufact=1500
                ```

                The command builds the project, runs every example's variants at 1, 2 and 4 threads (and ranks),
                checks every answer against the sequential one, and rewrites this file and the plots in `docs/img/`.
                Run it on a quiet machine: check `uptime` first.
                """);
        return md.toString();
    }

    private static void row(StringBuilder md, String key, String value) {
        md.append("| ").append(key).append(" | ").append(value).append(" |\n");
    }

    private static String size(CodeSize s) {
        if (s == null) {
            return "– | – | –";
        }
        return String.format(Locale.ROOT, "%d | %d | %d (%.0f%%)", s.lines(), s.bytes(), s.parallelLines(),
                s.parallelShare() * 100);
    }

    private static String number(double x, String format) {
        return Double.isNaN(x) ? "–" : String.format(Locale.ROOT, format, x);
    }

    private static String percent(double x) {
        return Double.isNaN(x) ? "–" : String.format(Locale.ROOT, "%.1f%%", x * 100);
    }
}
