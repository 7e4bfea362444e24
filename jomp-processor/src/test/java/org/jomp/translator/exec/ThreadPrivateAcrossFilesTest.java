package org.jomp.translator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.jomp.cli.Jompc;
import org.jomp.translator.ThreadPrivateFields;
import org.jomp.translator.Translation;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A threadprivate field declared in one file ({@code tpx/Counters.java}) and read, assigned, incremented and copied
 * in from other files: a region in another package that reaches it through static imports, qualified and fully
 * qualified names ({@code tpx/work/Work.java}), and files without any directive ({@code Plain}, {@code Main}). The
 * tree is translated as a whole (by the translator with the tree's threadprivate fields, and by jompc on the
 * directory), compiled, and run at 1, 2 and 4 threads against the sequential run of the original.
 */
class ThreadPrivateAcrossFilesTest {

    private static final Path TREE = Path.of("src/test/resources/threadprivate/tree");
    private static final String MAIN = "tpx.Main";

    @Test
    void everyFileOfTheTreeRefersToTheHolder() throws Exception {
        Map<String, String> sources = sources(TREE);
        Translator translator = new Translator(TranslatorOptions.defaults()
                .withThreadPrivate(ThreadPrivateFields.scan(sources.values(), 17)));
        Map<String, String> translated = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Translation t = translator.translate(e.getKey(), e.getValue());
            assertTrue(t.diagnostics().isEmpty(), () -> e.getKey() + ": " + t.diagnostics());
            assertEquals(e.getValue().lines().count(), t.output().lines().count(), e.getKey() + " keeps its lines");
            translated.put(e.getKey(), t.output());
        }
        String plain = translated.get("tpx/Plain.java");
        assertTrue(plain.contains("Counters.counter.set(Counters.counter.get() * (2));"), plain);
        assertTrue(plain.contains("int counter = 100;"), plain);
        assertTrue(translated.get("tpx/Counters.java")
                .contains("Counters.counter.set(Counters.counter.get() + 1);"), translated.get("tpx/Counters.java"));
        String work = translated.get("tpx/work/Work.java");
        assertTrue(work.contains("counter++;\n        return counter;"), "a parameter hides the imported field:\n"
                + work);
        assertSameRuns(translated);
    }

    @Test
    void jompcOnTheDirectoryTranslatesTheFilesWithoutDirectivesThatUseTheField(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        int status = Jompc.run(new String[] {"-v", "-d", out.toString(), TREE.toString()},
                new PrintWriter(stdout, true), new PrintWriter(stderr, true));
        assertEquals(0, status, stderr.toString());
        assertEquals("", stderr.toString(), "no warning: a threadprivate field is not shared");
        assertTrue(stdout.toString().contains("translated " + TREE.resolve("tpx/Plain.java")), stdout.toString());
        assertTrue(stdout.toString().contains("copied     " + TREE.resolve("tpx/Main.java")), stdout.toString());
        assertSameRuns(sources(out));
    }

    /** Compiles the original tree and the translated one, and compares their runs. */
    private static void assertSameRuns(Map<String, String> translated) throws Exception {
        InMemoryCompiler javac = new InMemoryCompiler();
        ProgramRunner.Outcome sequential = ProgramRunner.run(compile(javac, sources(TREE)), MAIN, 0, null);
        assertNull(sequential.thrown(), () -> "the original threw " + sequential.thrown());
        assertTrue(sequential.stdout().contains("shadowed 42"), sequential.stdout());
        Map<String, byte[]> classes = compile(javac, translated);
        for (int threads : new int[] {1, 2, 4}) {
            ProgramRunner.Outcome run = ProgramRunner.run(classes, MAIN, threads, null);
            assertNull(run.thrown(), () -> "the translation threw " + run.thrown() + " with " + threads);
            assertEquals(sequential.stdout(), run.stdout(), threads + " thread(s)");
        }
    }

    private static Map<String, byte[]> compile(InMemoryCompiler javac, Map<String, String> sources) {
        Map<String, byte[]> classes = new HashMap<>();
        for (InMemoryCompiler.Result r : javac.compileAll(sources).values()) {
            assertTrue(r.ok(), () -> r.fileName() + " does not compile:\n" + r.errors() + "\n"
                    + sources.get(r.fileName()));
            classes.putAll(r.classes());
        }
        return classes;
    }

    /** Every Java file under root by its relative path. */
    private static Map<String, String> sources(Path root) throws IOException {
        Map<String, String> sources = new LinkedHashMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                sources.put(root.relativize(p).toString().replace('\\', '/'), Files.readString(p));
            }
        }
        return sources;
    }
}
