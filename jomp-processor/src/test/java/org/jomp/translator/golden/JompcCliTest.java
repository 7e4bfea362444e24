package org.jomp.translator.golden;

import org.jomp.cli.Jompc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** jompc run in-process: exit codes, the output tree, --check, --show, and never writing into the input. */
class JompcCliTest {

    private static final String PARALLEL = """
            package demo;

            public class Sum {
                public static void main(String[] args) {
                    long sum = 0;
                    //omp parallel for reduction(+:sum)
                    for (int i = 0; i < 100; i++) {
                        sum += i;
                    }
                    System.out.println(sum);
                }
            }
            """;
    private static final String PLAIN = "package demo;\r\n\r\nclass Plain {\t// no directives here\r\n}\r\n";
    private static final String BROKEN = """
            package demo;

            class Broken {
                void f(int[] a) {
                    //omp parallel for shedule(static)
                    for (int i = 0; i < a.length; i++) {
                        a[i] = i;
                    }
                }
            }
            """;

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int jompc(String... args) {
        return Jompc.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private Path source(String relative, String text) throws IOException {
        Path p = dir.resolve("src").resolve(relative);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    @Test
    void translatesATreeIntoTheOutputDirectory() throws IOException {
        source("demo/Sum.java", PARALLEL);
        Path plain = source("demo/Plain.java", PLAIN);
        Path outDir = dir.resolve("out");
        int status = jompc("-v", "-d", outDir.toString(), dir.resolve("src").toString());
        assertEquals(0, status, err.toString());
        String translated = Files.readString(outDir.resolve("demo/Sum.java"));
        assertTrue(translated.contains("Omp.parallel("), translated);
        assertEquals(PARALLEL.lines().count(), translated.lines().count());
        assertArrayEquals(Files.readAllBytes(plain), Files.readAllBytes(outDir.resolve("demo/Plain.java")));
        assertTrue(out.toString().contains("translated"), out.toString());
        assertEquals(PARALLEL, Files.readString(dir.resolve("src/demo/Sum.java")), "the input was modified");
    }

    @Test
    void aSingleFileGoesUnderItsPackage() throws IOException {
        Path sum = source("Sum.java", PARALLEL);
        Path outDir = dir.resolve("out");
        assertEquals(0, jompc("-d", outDir.toString(), sum.toString()), err.toString());
        assertTrue(Files.isRegularFile(outDir.resolve("demo/Sum.java")));
    }

    @Test
    void directiveErrorsExitWithOneAndShowWhereAndWhat() throws IOException {
        source("demo/Broken.java", BROKEN);
        Path outDir = dir.resolve("out");
        int status = jompc("-d", outDir.toString(), dir.resolve("src").toString());
        assertEquals(1, status);
        String e = err.toString();
        assertTrue(e.contains("Broken.java:5:28: error: unknown clause 'shedule'"), e);
        assertTrue(e.contains("        //omp parallel for shedule(static)\n" + " ".repeat(27) + "^\n"), e);
        assertFalse(Files.exists(outDir.resolve("demo/Broken.java")), "a file with errors was written");
    }

    @Test
    void checkWritesNothing() throws IOException {
        source("demo/Sum.java", PARALLEL);
        assertEquals(0, jompc("--check", dir.resolve("src").toString()), err.toString());
        source("demo/Broken.java", BROKEN);
        assertEquals(1, jompc("--check", dir.resolve("src").toString()));
        try (Stream<Path> files = Files.walk(dir)) {
            assertEquals(2, files.filter(Files::isRegularFile).count());
        }
    }

    @Test
    void refusesToWriteIntoTheInputTree() throws IOException {
        source("demo/Sum.java", PARALLEL);
        Path inside = dir.resolve("src/generated");
        assertEquals(2, jompc("-d", inside.toString(), dir.resolve("src").toString()));
        assertTrue(err.toString().contains("never writes into its input"), err.toString());
        assertFalse(Files.exists(inside));
        assertEquals(2, jompc("-d", dir.resolve("src").toString(), dir.resolve("src").toString()));
        assertEquals(PARALLEL, Files.readString(dir.resolve("src/demo/Sum.java")));
    }

    @Test
    void showPrintsBothVersionsSideBySide() throws IOException {
        Path sum = source("demo/Sum.java", PARALLEL);
        assertEquals(0, jompc("--show", sum.toString()), err.toString());
        String shown = out.toString();
        assertEquals(PARALLEL.lines().count(), shown.lines().count());
        String line7 = shown.lines().skip(6).findFirst().orElseThrow();
        assertTrue(line7.startsWith(" 7         for (int i = 0; i < 100; i++) {"), line7);
        assertTrue(line7.contains(" > ") && line7.contains("Omp.loop("), line7);
        assertTrue(shown.lines().findFirst().orElseThrow().contains(" > package demo; import"), shown);
    }

    @Test
    void showOfAFileWithErrorsPrintsTheErrorsAndNoSideBySide() throws IOException {
        Path broken = source("demo/Broken.java", BROKEN);
        assertEquals(1, jompc("--show", broken.toString()));
        assertEquals("", out.toString());
        String errors = err.toString();
        assertTrue(errors.contains("Broken.java:5:") && errors.contains("shedule"), errors);
        assertTrue(errors.contains("has directive errors; nothing to show until they are fixed"), errors);
    }

    @Test
    void usageErrorsExitWithTwo() throws IOException {
        Path sum = source("demo/Sum.java", PARALLEL);
        assertEquals(2, jompc());
        assertEquals(2, jompc(sum.toString()));
        assertEquals(2, jompc("-d", dir.resolve("out").toString(), dir.resolve("missing").toString()));
        assertEquals(2, jompc("--release", "99", "--check", sum.toString()));
        assertEquals(2, jompc("--no-such-option", sum.toString()));
        assertEquals(2, jompc("--classpath", dir.resolve("nope.jar").toString(), "--check", sum.toString()));
        assertTrue(err.toString().contains("jompc: give an output directory with -d DIR"), err.toString());
    }
}
