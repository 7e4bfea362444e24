package org.jomp.maven;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassPathSearchTest {

    @TempDir
    Path dir;

    @Test
    void findsAClassInAJarOrADirectoryAndNothingElse() throws IOException {
        Path jar = dir.resolve("m.jar");
        try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.putNextEntry(new ZipEntry("org/x/Launcher.class"));
            zip.closeEntry();
        }
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes.resolve("org/y"));
        Files.writeString(classes.resolve("org/y/App.class"), "");
        List<String> classpath = List.of(dir.resolve("missing.jar").toString(), classes.toString(), jar.toString());

        assertTrue(ClassPathSearch.contains(classpath, "org.x.Launcher"));
        assertTrue(ClassPathSearch.contains(classpath, "org.y.App"));
        assertFalse(ClassPathSearch.contains(classpath, "org.x.App"));
    }
}
