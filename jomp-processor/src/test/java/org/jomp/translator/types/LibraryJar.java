package org.jomp.translator.types;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.jomp.translator.exec.InMemoryCompiler;

/** A test library (by default resources types/jar/lib/Tally.java) compiled in memory and written as a jar. */
final class LibraryJar {

    static final Path SOURCE = Path.of("src/test/resources/types/jar/lib/Tally.java");

    private LibraryJar() {
    }

    /** Writes {@code jar} holding the compiled library. */
    static Path write(Path jar) throws IOException {
        return write(jar, "Tally.java", Files.readString(SOURCE));
    }

    /** Writes {@code jar} holding the classes of one source file. */
    static Path write(Path jar, String fileName, String source) throws IOException {
        InMemoryCompiler.Result lib = new InMemoryCompiler().compile(fileName, source);
        assertTrue(lib.ok(), lib::errors);
        try (OutputStream o = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(o)) {
            for (Map.Entry<String, byte[]> c : lib.classes().entrySet()) {
                j.putNextEntry(new JarEntry(c.getKey().replace('.', '/') + ".class"));
                j.write(c.getValue());
                j.closeEntry();
            }
        }
        return jar;
    }
}
