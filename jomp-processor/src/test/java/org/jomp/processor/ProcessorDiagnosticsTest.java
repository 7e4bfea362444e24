package org.jomp.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Directive errors found by the processor reach javac as errors of the user's file at the exact line and column,
 * as Maven and IDEs read them from javac: a bad character inside an annotation's string member, and one inside an
 * {@code //omp} comment (where the file has no tree to report at).
 */
class ProcessorDiagnosticsTest {

    @Test
    void malformedAnnotationArgumentIsReportedInsideTheString(@TempDir Path out) throws Exception {
        String source = """
                package p;

                import org.jomp.annotations.ParallelFor;

                class BadAnnotation {
                    void f(int[] a) {
                        for (@ParallelFor(reduction = "+:sum", numThreads = "4") int i = 0; i < a.length; i++) {
                            a[i] = i;
                        }
                    }
                }
                """;
        Diagnostic<? extends JavaFileObject> d = onlyError(out, "BadAnnotation", source);
        int column = source.lines().toList().get(6).indexOf("sum\"") + 1;
        assertEquals(7, d.getLineNumber());
        assertEquals(column, d.getColumnNumber(), d.toString());
        assertTrue(d.getMessage(Locale.ROOT).contains("'sum'"), d.getMessage(Locale.ROOT));
    }

    @Test
    void malformedCommentIsReportedAtTheCharacterInTheComment(@TempDir Path out) throws Exception {
        String source = """
                package p;

                class BadComment {
                    void f(int[] a) {
                        //omp parallel for shedule(static)
                        for (int i = 0; i < a.length; i++) {
                            a[i] = i;
                        }
                    }
                }
                """;
        Diagnostic<? extends JavaFileObject> d = onlyError(out, "BadComment", source);
        assertEquals(5, d.getLineNumber());
        assertEquals(source.lines().toList().get(4).indexOf("shedule") + 1, d.getColumnNumber(), d.toString());
        assertEquals("unknown clause 'shedule'", d.getMessage(Locale.ROOT));
    }

    @Test
    void annotationOnALocalThatIsNoLoopVariableIsAnError(@TempDir Path out) throws Exception {
        String source = """
                package p;

                import org.jomp.annotations.*;

                class Misplaced {
                    void f() {
                        @ParallelFor int x = 0;
                    }
                }
                """;
        Diagnostic<? extends JavaFileObject> d = onlyError(out, "Misplaced", source);
        assertEquals(7, d.getLineNumber());
        assertEquals(9, d.getColumnNumber());
        assertTrue(d.getMessage(Locale.ROOT).contains("must annotate the index variable of a for loop"));
    }

    /** Compiles one source with the processor in-process and returns its only error, which names the file. */
    private static Diagnostic<? extends JavaFileObject> onlyError(Path out, String name, String source)
            throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///p/" + name + ".java"),
                JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
        Files.createDirectories(out);
        JavaCompiler.CompilationTask task = javac.getTask(null, null, diagnostics,
                List.of("-d", out.toString(), "-cp", SampleProject.userClassPath() + File.pathSeparator
                        + System.getProperty("java.class.path")), null, List.of(file));
        task.setProcessors(List.of(new JompProcessor()));
        assertFalse(task.call(), "the compilation fails");
        List<Diagnostic<? extends JavaFileObject>> errors = diagnostics.getDiagnostics().stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.ERROR).toList();
        assertEquals(1, errors.size(), errors::toString);
        assertEquals(name + ".java", Path.of(errors.get(0).getSource().toUri().getPath()).getFileName().toString());
        return errors.get(0);
    }
}
