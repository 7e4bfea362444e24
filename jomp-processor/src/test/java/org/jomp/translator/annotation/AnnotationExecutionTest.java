package org.jomp.translator.annotation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.jomp.translator.Translation;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.jomp.translator.exec.InMemoryCompiler;
import org.jomp.translator.exec.ProgramRunner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Annotated programs translated by the core: the original, compiled as it is (the annotations change nothing for
 * javac), runs sequentially; its translation must print the same at 1, 2 and 4 threads.
 */
class AnnotationExecutionTest {

    @ParameterizedTest
    @ValueSource(strings = {"MethodForms", "LocalForms"})
    void translationPrintsWhatTheSequentialProgramPrints(String name) throws Exception {
        String file = name + ".java";
        String source = Files.readString(Path.of("src/test/resources/annotations/programs", file));
        Translation t = new Translator(TranslatorOptions.defaults()).translate(file, source);
        assertFalse(t.hasErrors(), () -> "translation errors: " + t.diagnostics());
        assertTrue(t.changed());
        assertEquals(source.lines().count(), t.output().lines().count(), "every line keeps its number");
        assertFalse(t.output().contains("@ParallelFor") || t.output().contains("@Parallel("));

        InMemoryCompiler javac = new InMemoryCompiler();
        InMemoryCompiler.Result original = javac.compile(file, source);
        assertTrue(original.ok(), original::errors);
        ProgramRunner.Outcome sequential = ProgramRunner.run(original.classes(), name, 1, null);
        assertNull(sequential.thrown());

        InMemoryCompiler.Result translated = javac.compile(file, t.output());
        assertTrue(translated.ok(), () -> translated.errors() + "\n" + t.output());
        for (int threads : new int[] {1, 2, 4}) {
            ProgramRunner.Outcome run = ProgramRunner.run(translated.classes(), name, threads, null);
            assertNull(run.thrown(), () -> "threw " + run.thrown());
            assertEquals(sequential.stdout(), run.stdout(), threads + " threads");
        }
    }
}
