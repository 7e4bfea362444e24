package org.jomp.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file whose types name themselves in every way Java allows, compiled through the processor: the classes must
 * verify, be the translation, carry only the original names, and print what the sequentially compiled file prints
 * (class names included) at 1, 2 and 4 threads.
 */
class ProcessorRenamingTest {

    private static final Path JDK = Path.of(System.getProperty("java.home"));

    @Test
    void selfReferencesNestedTypesAndASecondTopLevelTypeSurviveTheRenaming(@TempDir Path dir) throws Exception {
        Path source = dir.resolve("src/p/Shapes.java");
        Files.createDirectories(source.getParent());
        Files.copy(Path.of("src/test/resources/annotations/renaming/p/Shapes.java"), source);

        SampleProject.Run sequential = SampleProject.run(List.of(JDK.resolve("bin/javac").toString(), "-proc:none",
                "-d", "seq", "--release", "17", source.toString()), dir);
        assertEquals(0, sequential.exit(), sequential::output);
        String expected = SampleProject.run(List.of(JDK.resolve("bin/java").toString(), "-cp", "seq", "p.Shapes"),
                dir).output();
        assertTrue(expected.contains("p.Shapes p.Shapes$Box p.Shapes$Kind"), expected);

        SampleProject.Run built = SampleProject.javac(JDK, dir, List.of(source));
        assertEquals(0, built.exit(), built::output);
        assertEquals("", SampleProject.verify(dir.resolve("out")), "ASM's verifier");
        try (Stream<Path> seq = Files.list(dir.resolve("seq/p")); Stream<Path> out = Files.list(dir.resolve("out/p"))) {
            assertEquals(seq.map(p -> p.getFileName().toString()).sorted().toList(),
                    out.map(p -> p.getFileName().toString()).sorted().toList(), "the same class files");
        }
        String javap = SampleProject.run(List.of(JDK.resolve("bin/javap").toString(), "-v", "-p", "-cp", "out",
                "p.Shapes", "p.Counter", "p.Shapes$Box", "p.Shapes$Kind"), dir).output();
        assertTrue(javap.contains("org/jomp/runtime/Omp"), "the classes are the translation");
        assertFalse(javap.contains("$$Jomp"), "no renamed name is left");

        for (int threads : new int[] {1, 2, 4}) {
            SampleProject.Run run = SampleProject.java(JDK, dir, "p.Shapes", threads);
            assertEquals(0, run.exit(), run::output);
            assertEquals(expected, run.output(), threads + " threads");
        }
    }
}
