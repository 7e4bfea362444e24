package org.jomp.translator.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jomp.translator.Diagnostic;
import org.jomp.translator.Translation;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An //mpi directive that sends an object whose class is declared in another source file or in a jar: with a type
 * context the class is resolved and one that does not inherit Serializable is an error at the variable; one that
 * does (directly, through a superclass of yet another file, or as an enum) is accepted. Without a type context only
 * classes of the same file are checked, and the others are accepted (the runtime names them when they are sent).
 */
class SerializableAcrossFilesTest {

    /** Sends a value of each type the sources and the jar declare; {@code BAD} is replaced by the type under test. */
    private static final String PROGRAM = """
            import shapes.*;
            import lib.*;

            public class Send {
                static Kept field;

                static void run(BAD item, Kept[] parts) {
                    //mpi bcast(item)
                    //mpi gather(field -> parts)
                }
            }
            """;

    @TempDir
    static Path dir;

    private static TypeContext context() throws IOException {
        Path src = dir.resolve("src");
        if (!Files.isDirectory(src)) {
            Files.createDirectories(src.resolve("shapes"));
            Files.writeString(src.resolve("shapes/Plain.java"),
                    "package shapes;\npublic class Plain {\n    int x;\n}\n");
            Files.writeString(src.resolve("shapes/Base.java"),
                    "package shapes;\npublic class Base implements java.io.Serializable {\n}\n");
            Files.writeString(src.resolve("shapes/Kept.java"),
                    "package shapes;\npublic class Kept extends Base {\n}\n");
            Files.writeString(src.resolve("shapes/Colour.java"), "package shapes;\npublic enum Colour { RED }\n");
            LibraryJar.write(dir.resolve("lib.jar"), "Handle.java", """
                    package lib;
                    public class Handle extends java.io.OutputStream {
                        @Override
                        public void write(int b) {
                        }
                    }
                    """);
            LibraryJar.write(dir.resolve("token.jar"), "Token.java",
                    "package lib;\npublic record Token(int id) implements java.io.Serializable {\n}\n");
        }
        return TypeContext.of(List.of(dir.resolve("lib.jar"), dir.resolve("token.jar")), List.of(src));
    }

    private static Translation translate(String type, TypeContext types) {
        return new Translator(TranslatorOptions.defaults().withTypes(types)).translate("Send.java",
                PROGRAM.replace("BAD", type));
    }

    @Test
    void aClassOfAnotherSourceFileThatIsNotSerializableIsAnErrorAtTheVariable() throws IOException {
        assertError("Plain", translate("Plain", context()));
    }

    @Test
    void aClassFromAJarThatIsNotSerializableIsAnErrorAtTheVariable() throws IOException {
        assertError("Handle", translate("Handle", context()));
    }

    @Test
    void serializableClassesOfOtherFilesAndJarsAreAccepted() throws IOException {
        for (String type : List.of("Kept", "Colour", "Token", "Token[]", "java.util.ArrayList<Plain>")) {
            Translation t = translate(type, context());
            assertTrue(t.diagnostics().isEmpty(), () -> type + ": " + t.diagnostics());
            assertTrue(t.changed(), type);
        }
    }

    @Test
    void withoutATypeContextOnlyClassesOfTheSameFileAreChecked() {
        for (String type : List.of("Plain", "Handle")) {
            Translation t = translate(type, TypeContext.none());
            assertTrue(t.diagnostics().isEmpty(), () -> type + ": " + t.diagnostics());
            assertTrue(t.changed(), type);
        }
    }

    private static void assertError(String type, Translation t) {
        List<Diagnostic> errors = t.diagnostics().stream()
                .filter(d -> d.severity() == Diagnostic.Severity.ERROR).toList();
        assertEquals(1, errors.size(), () -> type + ": " + t.diagnostics());
        Diagnostic d = errors.get(0);
        String source = PROGRAM.replace("BAD", type);
        String line = source.lines().toList().get(d.line() - 1);
        assertEquals("//mpi bcast(item)", line.strip(), d.format());
        assertEquals(line.indexOf("item)") + 1, d.column(), d.format());
        assertTrue(d.format().startsWith("Send.java:8:" + d.column() + ": "), d.format());
        assertTrue(d.message().contains("cannot broadcast 'item': its type " + type + " is not Serializable"),
                d.format());
        assertFalse(t.changed(), "a file with errors is not translated");
    }
}
