package org.jomp.translator.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.translator.Diagnostic;
import org.jomp.translator.Translation;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.jomp.translator.exec.InMemoryCompiler;

/**
 * The //mpi execution corpus (src/test/resources/mpi-corpus): programs whose {@code main(threads, ranks)} prints,
 * from rank 0 only, results that do not depend on the number of ranks or threads. Their sequential run (the source
 * compiled as it is, directives being comments) is the oracle. A translated program runs as a plain
 * {@code main} (a world of one) or as N thread ranks with their own class loaders (EmbeddedLauncher.runMain),
 * over classes written to a directory so that rank loaders can read their bytes.
 */
final class MpiPrograms {

    private static final long TIMEOUT_SECONDS = 60;
    private static final InMemoryCompiler JAVAC = new InMemoryCompiler();
    private static final ExecutorService RUNNER = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "mpi-test-runner");
        t.setDaemon(true);
        return t;
    });

    /** A compiled program: its class directory and main class. */
    record Compiled(String mainClass, Path classes) {
    }

    private MpiPrograms() {
    }

    static List<String> names() {
        try (Stream<Path> files = Files.list(corpus())) {
            return files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".java"))
                    .map(f -> f.substring(0, f.length() - 5)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String source(String name) {
        try {
            return Files.readString(corpus().resolve(name + ".java"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path corpus() {
        URL url = MpiPrograms.class.getClassLoader().getResource("mpi-corpus");
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Translates a source, failing on any diagnostic (the corpus is correct code: no warning either). */
    static Translation translate(String name, String source) {
        Translation t = new Translator(TranslatorOptions.defaults()).translate(name + ".java", source);
        assertTrue(t.diagnostics().isEmpty(), () -> name + " does not translate cleanly:\n" + t.diagnostics().stream()
                .map(Diagnostic::format).reduce("", (a, b) -> a + b + "\n"));
        assertTrue(t.changed(), name + " has no directives");
        return t;
    }

    /** Compiles one source into a fresh directory. */
    static Compiled compile(String name, String source) {
        return compileAll(name, Map.of(name, source));
    }

    /** Compiles sources (class name to text) together into one fresh directory, with {@code main} as main class. */
    static Compiled compileAll(String main, Map<String, String> sources) {
        Map<String, String> files = new java.util.LinkedHashMap<>();
        sources.forEach((name, text) -> files.put(name + ".java", text));
        Map<String, InMemoryCompiler.Result> results = JAVAC.compileAll(files);
        try {
            // Deleted when the test JVM exits, in the reverse order of registration: files before their directory.
            Path dir = Files.createTempDirectory("mpi-" + main);
            dir.toFile().deleteOnExit();
            for (InMemoryCompiler.Result r : results.values()) {
                assertTrue(r.ok(), () -> r.fileName() + " does not compile:\n" + r.errors() + "\n"
                        + files.get(r.fileName()));
                for (Map.Entry<String, byte[]> e : r.classes().entrySet()) {
                    Path file = dir.resolve(e.getKey().replace('.', '/') + ".class");
                    Files.createDirectories(file.getParent());
                    Files.write(file, e.getValue());
                    file.toFile().deleteOnExit();
                }
            }
            return new Compiled(main, dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs main on a thread of its own that is no rank: the sequential oracle, or a translation as one rank. */
    static String runPlain(Compiled p, String... args) {
        return captured(() -> {
            try (URLClassLoader loader = loader(p)) {
                loader.loadClass(p.mainClass()).getMethod("main", String[].class).invoke(null, (Object) args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            return null;
        }, p.mainClass() + " (plain)");
    }

    /** Runs main as {@code np} thread ranks, each with its own class loader. */
    static String runRanks(Compiled p, int np, String... args) {
        return captured(() -> {
            try (URLClassLoader loader = loader(p)) {
                EmbeddedLauncher.runMain(np, p.mainClass(), args, loader);
            }
            return null;
        }, p.mainClass() + " on " + np + " ranks");
    }

    private static URLClassLoader loader(Compiled p) throws IOException {
        return new URLClassLoader(new URL[] {p.classes().toUri().toURL()}, MpiPrograms.class.getClassLoader());
    }

    @FunctionalInterface
    interface Body {
        Void run() throws Throwable;
    }

    /** System.out is one for the JVM: runs are serialised and each captures what it prints. */
    private static synchronized String captured(Body body, String what) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        try {
            Future<Void> run = RUNNER.submit(() -> {
                try {
                    return body.run();
                } catch (Exception | Error e) {
                    throw e;
                } catch (Throwable t) {
                    throw new IllegalStateException(t);
                }
            });
            run.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError(what + " did not finish within " + TIMEOUT_SECONDS + " s; it printed:\n"
                    + buffer.toString(StandardCharsets.UTF_8));
        } catch (Exception e) {
            throw new AssertionError(what + " failed: " + e.getCause() + "; it printed:\n"
                    + buffer.toString(StandardCharsets.UTF_8), e.getCause());
        } finally {
            System.out.flush();
            System.setOut(saved);
        }
        return buffer.toString(StandardCharsets.UTF_8);
    }

    static void assertSameOutput(String expected, String actual, String what) {
        assertFalse(expected.isBlank(), what + ": the sequential run printed nothing");
        assertEquals(expected, actual, what);
    }
}
