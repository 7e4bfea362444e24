package org.jomp.examples.compare;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The comparison command behind {@code bin/jomp-compare}: for every example, counts the code of its parallel
 * versions, times them against the sequential version with threads (1, 2, 4), ranks (1, 2, 4) and ranks × threads
 * (2×1, 1×2, 2×2), draws the plots into docs/img and writes docs/results.md.
 */
public final class Compare {
    static final List<Layout> THREADS = List.of(Layout.threads(1), Layout.threads(2), Layout.threads(4));
    static final List<Layout> RANKS = List.of(Layout.ranks(1), Layout.ranks(2), Layout.ranks(4));
    static final List<Layout> HYBRID = List.of(new Layout(2, 1), new Layout(1, 2), new Layout(2, 2));

    private Compare() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("java.awt.headless", "true");
        List<String> names = Examples.all().stream().map(Example::name).toList();
        CompareOptions options;
        try {
            options = CompareOptions.parse(args, names);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        run(options, ("bin/jomp-compare " + String.join(" ", args)).trim(), System.out);
    }

    /** Runs the comparison the options ask for and writes the report and plots under options.docs(). */
    static List<ExampleResult> run(CompareOptions options, String command, PrintStream out) throws Exception {
        Environment env = Environment.current(command);
        out.printf(Locale.ROOT, "jomp-compare: %s, %d cores, load %s, %s repetitions after %s warm-ups%n",
                env.jdk(), env.cores(), env.loadBefore(), options.repeat(), options.warmup());
        Bench bench = new Bench(options.warmup(), options.repeat(), THREADS, RANKS, HYBRID, out);
        List<ExampleResult> results = new ArrayList<>();
        for (Example e : Examples.all()) {
            if (!options.only().isEmpty() && !options.only().contains(e.name())) {
                continue;
            }
            int size = options.sizes().getOrDefault(e.name(), options.quick() ? e.quickSize() : e.defaultSize());
            Workload w = e.workload().apply(size);
            out.println(e.name() + " (" + w.size() + ")");
            Map<Variant, CodeSize> sizes = new EnumMap<>(Variant.class);
            for (Map.Entry<Variant, Class<?>> c : e.classes().entrySet()) {
                if (c.getKey() != Variant.SEQUENTIAL) {
                    sizes.put(c.getKey(), count(options.sources(), c.getValue(), e.sequentialClass()));
                }
            }
            results.add(new ExampleResult(e.name(), e.description(), w.size(), e.differences(), sizes,
                    bench.run(e, w)));
        }
        env = env.finished();
        List<String> images = Plots.write(options.docs().resolve("img"), results, THREADS, RANKS, HYBRID);
        List<String> linked = images.stream().map(i -> "img/" + i).toList();
        Path report = options.docs().resolve("results.md");
        Files.writeString(report, ResultsReport.markdown(env, results, THREADS, RANKS, HYBRID, options, linked));
        out.println("wrote " + report + " and " + images.size() + " plots (PNG and SVG) in "
                + options.docs().resolve("img"));
        for (ExampleResult r : results) {
            out.printf(Locale.ROOT, "  %-14s generated/hand-written at %s: %.3f%n", r.name(),
                    ResultsReport.TARGET_LAYOUT.label(Variant.Mode.SHARED_MEMORY) + " threads",
                    r.generatedOverHandWritten(Variant.Mode.SHARED_MEMORY, ResultsReport.TARGET_LAYOUT));
        }
        return results;
    }

    /** Code size of a variant's source file against the sequential version's, both under sources. */
    static CodeSize count(Path sources, Class<?> variant, Class<?> sequential) throws IOException {
        return CodeSize.of(Files.readString(source(sources, variant)), variant.getSimpleName(),
                Files.readString(source(sources, sequential)), sequential.getSimpleName());
    }

    private static Path source(Path sources, Class<?> c) throws IOException {
        Path file = sources.resolve(c.getName().replace('.', '/') + ".java");
        if (!Files.isRegularFile(file)) {
            throw new IOException("jomp-compare: source of " + c.getName() + " not found at " + file
                    + " (run from the project root or pass --sources)");
        }
        return file;
    }
}
