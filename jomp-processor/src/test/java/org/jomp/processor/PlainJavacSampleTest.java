package org.jomp.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The processor path end to end: the sample project built by the JDK's javac with only the processor path,
 * run at 1, 2 and 4 threads. Each result the sample prints must equal the sequential computation it prints next
 * to it, more than one thread must have run the parallel code when more are asked for, the class files must pass
 * ASM's verifier and name the user's file, and a stack trace must point at the user's line.
 */
class PlainJavacSampleTest {

    private static final Path JDK = Path.of(System.getProperty("java.home"));
    private static final Path TEMURIN_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    private static final Pattern CHECK = Pattern.compile("check (\\w+) (.+) (.+)");

    @Test
    void builtByJdkJavacWithOnlyTheProcessorPath(@TempDir Path dir) throws Exception {
        buildAndCheck(JDK, dir);
    }

    /** JDK 23 and later run processors only when asked; -processorpath is such a request, so no -proc:full. */
    @Test
    void builtByTemurin25Javac(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(TEMURIN_25.resolve("bin/javac")), "no Temurin 25 at " + TEMURIN_25);
        buildAndCheck(TEMURIN_25, dir);
    }

    private static void buildAndCheck(Path jdk, Path dir) throws Exception {
        List<Path> sources = SampleProject.copySources(dir);
        SampleProject.Run built = SampleProject.javac(jdk, dir, sources);
        assertEquals(0, built.exit(), built::output);

        try (Stream<Path> gen = Files.list(dir.resolve("gen/demo"))) {
            assertEquals(List.of("Histogram$$Jomp.txt", "Thrower$$Jomp.txt"),
                    gen.map(p -> p.getFileName().toString()).sorted().toList());
        }
        for (String name : List.of("Histogram", "Thrower")) {
            long original = Files.readAllLines(dir.resolve("src/demo/" + name + ".java")).size();
            long generated = Files.readAllLines(dir.resolve("gen/demo/" + name + "$$Jomp.txt")).size();
            assertEquals(original, generated, name + ": the translation keeps every line");
        }
        try (Stream<Path> out = Files.list(dir.resolve("out/demo"))) {
            assertTrue(out.noneMatch(p -> p.toString().contains("Jomp")), "renamed classes are put back");
        }
        assertEquals("", SampleProject.verify(dir.resolve("out")), "ASM's verifier");
        String javap = SampleProject.run(List.of(jdk.resolve("bin/javap").toString(), "-v", "-cp", "out",
                "demo.Histogram", "demo.Histogram$Scaled"), dir).output();
        assertFalse(javap.contains("$$Jomp"), "no reference to the renamed classes is left");
        assertTrue(javap.contains("SourceFile: \"Histogram.java\""), javap);
        assertTrue(javap.contains("org/jomp/runtime/Omp"), "the class files are the translation");
        String second = SampleProject.run(List.of(jdk.resolve("bin/javap").toString(), "-v", "-cp", "out",
                "demo.Blocks", "demo.Thrower$1"), dir).output();
        assertFalse(second.contains("$$Jomp"), second);
        assertEquals(2, second.split("SourceFile: \"Thrower.java\"", -1).length - 1, second);

        for (int threads : new int[] {1, 2, 4}) {
            SampleProject.Run run = SampleProject.java(jdk, dir, "demo.Histogram", threads);
            assertEquals(0, run.exit(), run::output);
            int checks = 0;
            for (String line : run.output().lines().toList()) {
                Matcher m = CHECK.matcher(line);
                if (m.matches()) {
                    assertEquals(m.group(3), m.group(2), threads + " threads, " + m.group(1));
                    checks++;
                }
            }
            assertEquals(5, checks, run::output);
            int observed = Integer.parseInt(run.output().replaceAll("(?s).*threads (\\d+).*", "$1"));
            if (threads == 1) {
                assertEquals(1, observed, "one thread asked for");
            } else {
                assertTrue(observed > 1, threads + " threads asked for, " + observed + " observed");
            }
        }

        int throwLine = lineOf(dir.resolve("src/demo/Thrower.java"), "// the throw line");
        SampleProject.Run thrown = SampleProject.java(jdk, dir, "demo.Thrower", 2);
        List<String> lines = thrown.output().lines().toList();
        assertEquals("thrown at Thrower.java:" + throwLine, lines.get(0), thrown::output);
        Matcher blocks = CHECK.matcher(lines.get(1));
        assertTrue(blocks.matches(), thrown::output);
        assertEquals(blocks.group(3), blocks.group(2), "a second top-level class");
        try (Stream<Path> out = Files.list(dir.resolve("out/demo"))) {
            assertEquals(List.of("Blocks.class", "Histogram$Scaled.class", "Histogram.class", "Thrower$1.class",
                    "Thrower.class"), out.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    static int lineOf(Path file, String text) throws IOException {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new IllegalArgumentException("no line contains " + text);
    }
}
