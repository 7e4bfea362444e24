package org.jomp.translator.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jomp.translator.Translation;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.jomp.translator.exec.InMemoryCompiler;
import org.jomp.translator.exec.ProgramRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Programs whose clause variables have types that only resolution finds (var from method calls, for-each variables
 * over a call, untyped lambda parameters; types from the JDK, from another source file, from a jar): each is
 * translated with a type context, compiled, run at 1, 2 and 4 threads, and its output compared with the sequential
 * run of the original source, in which the directives are comments.
 */
class TypeResolutionExecutionTest {

    private static final Path RESOURCES = Path.of("src/test/resources/types");

    @Test
    void varFromJdkCallsForEachAndLambdaParameters() throws Exception {
        check("VarFromCalls", read(RESOURCES.resolve("jdk/VarFromCalls.java")), Map.of(),
                TypeContext.of(List.of(), List.of()));
    }

    @Test
    void typesDeclaredInAnotherSourceFile() throws Exception {
        Path root = RESOURCES.resolve("sources");
        Map<String, String> others = Map.of("Grid.java", read(root.resolve("geo/Grid.java")));
        check("UsesGrid", read(root.resolve("UsesGrid.java")), others, TypeContext.of(List.of(), List.of(root)));
    }

    @Test
    void typesFromAJarOnTheClassPath(@TempDir Path dir) throws Exception {
        Path jar = LibraryJar.write(dir.resolve("tally.jar"));
        // The translator sees the library as the jar only; javac, which compiles against the test class path,
        // gets its source beside the program.
        check("UsesJar", read(RESOURCES.resolve("jar/UsesJar.java")), Map.of("Tally.java", read(LibraryJar.SOURCE)),
                TypeContext.of(List.of(jar), List.of()));
    }

    /**
     * Translates {@code source} (class {@code name}) with {@code context}, compiles it with the {@code others}
     * sources, and compares its runs with the sequential one.
     */
    private static void check(String name, String source, Map<String, String> others, TypeContext context)
            throws Exception {
        Translation t = new Translator(TranslatorOptions.defaults().withTypes(context))
                .translate(name + ".java", source);
        assertFalse(t.hasErrors(), () -> "translation errors: " + t.diagnostics());
        assertFalse(t.output().equals(source), "the directives were translated");
        InMemoryCompiler javac = new InMemoryCompiler();
        Map<String, byte[]> original = compile(javac, name, source, others);
        Map<String, byte[]> translated = compile(javac, name, t.output(), others);
        ProgramRunner.Outcome sequential = ProgramRunner.run(original, name, 0, null);
        assertNull(sequential.thrown(), () -> "the original threw " + sequential.thrown());
        assertFalse(sequential.stdout().isBlank(), "the program prints its results");
        for (int threads : new int[] {1, 2, 4}) {
            ProgramRunner.Outcome run = ProgramRunner.run(translated, name, threads, null);
            assertNull(run.thrown(), () -> "the translation threw " + run.thrown() + " with " + threads);
            assertEquals(sequential.stdout(), run.stdout(), name + " with " + threads + " thread(s)");
        }
    }

    private static Map<String, byte[]> compile(InMemoryCompiler javac, String name, String source,
                                               Map<String, String> others) {
        Map<String, String> all = new LinkedHashMap<>();
        all.put(name + ".java", source);
        all.putAll(others);
        Map<String, InMemoryCompiler.Result> results = javac.compileAll(all);
        Map<String, byte[]> classes = new HashMap<>();
        for (InMemoryCompiler.Result r : results.values()) {
            assertTrue(r.ok(), () -> r.fileName() + " does not compile:\n" + r.errors() + "\n" + source);
            classes.putAll(r.classes());
        }
        return classes;
    }

    static String read(Path p) throws IOException {
        return Files.readString(p);
    }
}
