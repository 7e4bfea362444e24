package org.jomp.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The threadprivate tree of the translator tests ({@code threadprivate/tree}: a declaring file, a region in another
 * package, files without directives that use the fields) compiled by javac in one run with the processor: the files
 * see each other's threadprivate fields, and the program run at 1, 2 and 4 threads prints what the sequential
 * build (javac without the processor) prints.
 */
class ProcessorThreadPrivateTest {

    private static final Path JDK = Path.of(System.getProperty("java.home"));
    private static final Path TREE = Path.of("src/test/resources/threadprivate/tree");

    @Test
    void theFilesOfOneJavacRunUseEachOthersThreadprivateFields(@TempDir Path dir) throws Exception {
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(TREE)) {
            for (Path p : walk.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                Path to = dir.resolve("src").resolve(TREE.relativize(p).toString());
                Files.createDirectories(to.getParent());
                Files.copy(p, to);
                sources.add(to);
            }
        }
        List<String> sequential = new ArrayList<>(List.of(JDK.resolve("bin/javac").toString(), "-d", "seq",
                "-proc:none", "--release", "17", "-cp", SampleProject.userClassPath()));
        sources.forEach(s -> sequential.add(s.toString()));
        SampleProject.Run plain = SampleProject.run(sequential, dir);
        assertEquals(0, plain.exit(), plain::output);
        SampleProject.Run expected = SampleProject.run(List.of(JDK.resolve("bin/java").toString(), "-cp",
                "seq" + File.pathSeparator + SampleProject.userClassPath(), "tpx.Main"), dir);
        assertEquals(0, expected.exit(), expected::output);

        SampleProject.Run built = SampleProject.javac(JDK, dir, sources);
        assertEquals(0, built.exit(), built::output);
        assertTrue(Files.isRegularFile(dir.resolve("gen/tpx/Plain$$Jomp.txt")), "Plain has no directive");
        assertEquals("", SampleProject.verify(dir.resolve("out")), "ASM's verifier");
        String javap = SampleProject.run(List.of(JDK.resolve("bin/javap").toString(), "-c", "-cp", "out",
                "tpx.Plain", "tpx.work.Work"), dir).output();
        assertFalse(javap.contains("$$Jomp"), javap);
        assertTrue(javap.contains("tpx/Counters.counter:Lorg/jomp/runtime/ThreadPrivate$OfInt;"), javap);
        for (int threads : new int[] {1, 2, 4}) {
            SampleProject.Run run = SampleProject.java(JDK, dir, "tpx.Main", threads);
            assertEquals(0, run.exit(), run::output);
            assertEquals(expected.output(), run.output(), threads + " thread(s)");
        }
    }
}
