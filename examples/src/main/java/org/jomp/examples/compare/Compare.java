package org.jomp.examples.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The comparison command behind {@code bin/jomp-compare}: for every example, counts the code of the generated,
 * hand-written and SPMD versions, times them against the sequential version at 1, 2 and 4 threads (and ranks),
 * draws the plots into docs/img and writes docs/results.md.
 */
public final class Compare {
    static final int[] WORKERS = {1, 2, 4};

    private Compare() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("java.awt.headless", "true");
        List<Example> examples = Examples.all();
        List<String> names = examples.stream().map(Example::name).toList();
        CompareOptions options;
        try {
            options = CompareOptions.parse(args, names);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        Environment env = Environment.current(("bin/jomp-compare " + String.join(" ", args)).trim());
        System.out.printf(Locale.ROOT, "jomp-compare: %s, %d cores, load %s, %s repetitions after %s warm-ups%n",
                env.jdk(), env.cores(), env.loadBefore(), options.repeat(), options.warmup());
        Bench bench = new Bench(options.warmup(), options.repeat(), WORKERS, System.out);
        List<ExampleResult> results = new ArrayList<>();
        for (Example e : examples) {
            if (!options.only().isEmpty() && !options.only().contains(e.name())) {
                continue;
            }
            int size = options.sizes().getOrDefault(e.name(), options.quick() ? e.quickSize() : e.defaultSize());
            Workload w = e.workload().apply(size);
            System.out.println(e.name() + " (" + w.size() + ")");
            results.add(new ExampleResult(e.name(), e.description(), w.size(), e.differences(),
                    count(options.sources(), e.directiveClass(), e.sequentialClass()),
                    count(options.sources(), e.handWrittenClass(), e.sequentialClass()),
                    e.spmdClass() == null ? null : count(options.sources(), e.spmdClass(), e.sequentialClass()),
                    bench.run(e, w)));
        }
        env = env.finished();
        List<String> images = Plots.write(options.docs().resolve("img"), results, WORKERS);
        List<String> linked = images.stream().map(i -> "img/" + i).toList();
        Path report = options.docs().resolve("results.md");
        Files.writeString(report, ResultsReport.markdown(env, results, WORKERS, options.quick(), linked));
        System.out.println("wrote " + report + " and " + images.size() + " plots (PNG and SVG) in "
                + options.docs().resolve("img"));
        for (ExampleResult r : results) {
            System.out.printf(Locale.ROOT, "  %-14s generated/hand-written at %d threads: %.3f%n", r.name(),
                    ResultsReport.TARGET_THREADS, r.generatedOverHandWritten(ResultsReport.TARGET_THREADS));
        }
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
