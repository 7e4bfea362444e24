package org.jomp.translator.annotation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.translator.Translation;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.jomp.translator.exec.InMemoryCompiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The //mpi annotations translated by the core and run on 1 to 4 thread ranks (shared-memory transport; the
 * hybrid loop asks for teams of 2 threads): the output must be the sequential program's (the annotations change
 * nothing for javac). The annotated collectives stand on the declaration's line, like their comment form after it.
 */
class MpiAnnotationExecutionTest {

    @Test
    void distributedLoopsAndCollectivesMatchTheSequentialProgram(@TempDir Path dir) throws Exception {
        String source = Files.readString(Path.of("src/test/resources/annotations/programs/MpiForms.java"));
        Translation t = new Translator(TranslatorOptions.defaults()).translate("MpiForms.java", source);
        assertFalse(t.hasErrors(), () -> "translation errors: " + t.diagnostics());
        assertEquals(source.lines().count(), t.output().lines().count(), "every line keeps its number");
        assertTrue(t.output().contains("//mpi bcast(everywhere) root(0)"), t::output);

        Path sequential = write(dir.resolve("sequential"), new InMemoryCompiler().compile("MpiForms.java", source));
        Path translated = write(dir.resolve("translated"), new InMemoryCompiler().compile("MpiForms.java",
                t.output()));
        String expected = captured(() -> {
            try (URLClassLoader loader = loader(sequential)) {
                loader.loadClass("MpiForms").getMethod("main", String[].class).invoke(null, (Object) new String[0]);
            }
        });
        assertTrue(expected.contains("squares ["), expected);
        for (int np = 1; np <= 4; np++) {
            int ranks = np;
            String got = captured(() -> {
                try (URLClassLoader loader = loader(translated)) {
                    EmbeddedLauncher.runMain(ranks, "MpiForms", new String[0], loader);
                }
            });
            assertEquals(expected, got, np + " ranks");
        }
    }

    private static Path write(Path dir, InMemoryCompiler.Result compiled) throws Exception {
        assertTrue(compiled.ok(), compiled::errors);
        for (Map.Entry<String, byte[]> e : compiled.classes().entrySet()) {
            Path file = dir.resolve(e.getKey().replace('.', '/') + ".class");
            Files.createDirectories(file.getParent());
            Files.write(file, e.getValue());
        }
        return dir;
    }

    private static URLClassLoader loader(Path classes) throws Exception {
        return new URLClassLoader(new URL[] {classes.toUri().toURL()},
                MpiAnnotationExecutionTest.class.getClassLoader());
    }

    @FunctionalInterface
    private interface Body {
        void run() throws Exception;
    }

    /** What a run prints; System.out is one for the JVM. */
    private static synchronized String captured(Body body) throws Exception {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        try {
            body.run();
        } catch (InvocationTargetException e) {
            throw new AssertionError("the program threw", e.getCause());
        } finally {
            System.setOut(saved);
        }
        return buffer.toString(StandardCharsets.UTF_8);
    }
}
