package org.jomp.translator.golden;

import org.junit.jupiter.api.Test;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The golden inputs are valid Java (the directives are comments) and every golden translation compiles against the
 * runtime on the test class path: a reviewed translation that javac rejects, or that calls the runtime wrongly, is a
 * defect.
 */
class GoldenCompileTest {

    @Test
    void goldenInputsCompile() throws Exception {
        compile(".in.java");
    }

    @Test
    void goldenTranslationsCompileAgainstTheRuntime() throws Exception {
        compile(".out.java");
    }

    private static void compile(String suffix) throws Exception {
        List<JavaFileObject> units = new ArrayList<>();
        for (Path p : GoldenTest.inputs()) {
            Path file = Path.of(p.toString().replace(".in.java", suffix));
            String name = file.getFileName().toString().replace(suffix, "");
            units.add(new Source(name, Files.readString(file, StandardCharsets.UTF_8)));
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Path classes = Files.createTempDirectory("golden-classes");
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT,
                StandardCharsets.UTF_8)) {
            files.setLocation(StandardLocation.CLASS_OUTPUT, List.of(classes.toFile()));
            List<String> options = List.of("-proc:none", "-classpath", System.getProperty("java.class.path"));
            boolean ok = javac.getTask(null, files, diagnostics, options, null, units).call();
            String errors = diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                    .map(d -> d.getSource().getName() + ":" + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT))
                    .collect(Collectors.joining("\n"));
            assertTrue(ok, "golden " + suffix + " files do not compile:\n" + errors);
        } finally {
            deleteTree(classes);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** A source file held in memory. */
    private static final class Source extends SimpleJavaFileObject {
        private final String text;

        Source(String className, String text) {
            super(URI.create("string:///golden/" + className + ".java"), Kind.SOURCE);
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }
}
