package org.jomp.translator.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jomp.cli.Jompc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** jompc's --classpath and --sourcepath: what turns resolution on, which roots count, and bad entries. */
class JompcTypesTest {

    private static final Path RESOURCES = Path.of("src/test/resources/types");

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int jompc(String... args) {
        return Jompc.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private Path copy(String resource, String relative) throws IOException {
        Path target = dir.resolve(relative);
        Files.createDirectories(target.getParent());
        return Files.writeString(target, Files.readString(RESOURCES.resolve(resource)));
    }

    @Test
    void withoutClassPathOrSourcePathTypesComeFromTheSourceAlone() throws IOException {
        Path src = dir.resolve("src");
        copy("sources/geo/Grid.java", "src/geo/Grid.java");
        copy("sources/UsesGrid.java", "src/UsesGrid.java");
        assertEquals(1, jompc("--check", src.toString()));
        assertTrue(err.toString().contains("cannot see the type of 'sum'"), err.toString());
        assertFalse(err.toString().contains("resolving it against"), err.toString());
    }

    @Test
    void theInputTreeIsASourceRoot() throws IOException {
        Path src = dir.resolve("src");
        copy("sources/geo/Grid.java", "src/geo/Grid.java");
        copy("sources/UsesGrid.java", "src/UsesGrid.java");
        Path out = dir.resolve("out");
        assertEquals(0, jompc("--classpath", "", "-d", out.toString(), src.toString()), err.toString());
        assertTrue(Files.readString(out.resolve("UsesGrid.java")).contains("Omp.parallel("));
    }

    @Test
    void aSingleFilesRootAndTheSourcePath() throws IOException {
        Path lib = dir.resolve("lib");
        copy("sources/geo/Grid.java", "lib/geo/Grid.java");
        Path file = copy("sources/UsesGrid.java", "app/UsesGrid.java");
        assertEquals(1, jompc("--classpath", "", "--check", file.toString()));
        assertTrue(err.toString().contains("source roots [" + file.toAbsolutePath().getParent() + "]"),
                err.toString());
        assertEquals(0, jompc("--sourcepath", lib.toString(), "--check", file.toString()), err.toString());
    }

    @Test
    void aJarOnTheClassPath() throws IOException {
        Path jar = LibraryJar.write(dir.resolve("tally.jar"));
        Path file = copy("jar/UsesJar.java", "app/UsesJar.java");
        assertEquals(1, jompc("--check", file.toString()));
        assertEquals(0, jompc("--classpath", jar.toString(), "--check", file.toString()), err.toString());
    }

    @Test
    void badEntries() throws IOException {
        Path file = copy("jar/UsesJar.java", "app/UsesJar.java");
        Path notAJar = Files.writeString(dir.resolve("notes.jar"), "not a zip");
        assertEquals(2, jompc("--sourcepath", dir.resolve("missing").toString(), "--check", file.toString()));
        assertTrue(err.toString().contains("--sourcepath entry '" + dir.resolve("missing") + "' is not a directory"),
                err.toString());
        assertEquals(1, jompc("--classpath", notAJar.toString(), "--check", file.toString()));
        assertTrue(err.toString().contains(notAJar + " (not a readable jar"), err.toString());
    }
}
