package org.jomp.translator.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * Without a type context the translator reports the types it cannot see as before; with a context that cannot
 * answer, the same error says what it searched and why that failed; a type with no name in the source is refused
 * with the reason.
 */
class TypeResolutionDiagnosticsTest {

    private static final Path RESOURCES = Path.of("src/test/resources/types");

    private static final String REDUCTION = """
            import java.util.List;

            public class R {
                static long sumOf(List<Integer> xs) {
                    return xs.size();
                }

                public static void main(String[] args) {
                    var total = sumOf(List.of(1, 2));
                    //omp parallel for reduction(+:total)
                    for (int i = 0; i < 10; i++) {
                        total += i;
                    }
                }
            }
            """;

    @Test
    void withoutATypeContextTheErrorsAreAsBefore() {
        List<Diagnostic> errors = errors(translate(REDUCTION, TypeContext.none()));
        assertEquals(List.of("10:9: cannot see the type of 'total' (declared with var), which the region assigns:"
                        + " declare it with its type, or write it in a clause, as in shared(<type> total)",
                "10:" + columnOf(REDUCTION, 10, "total)") + ": reduction operator '+' does not fit 'var total'"),
                errors.stream().map(d -> d.line() + ":" + d.column() + ": " + d.message()).toList());
    }

    @Test
    void everyExecutionProgramNeedsResolution() throws Exception {
        for (String file : List.of("jdk/VarFromCalls.java", "sources/UsesGrid.java", "jar/UsesJar.java")) {
            Translation t = translate(Files.readString(RESOURCES.resolve(file)), TypeContext.none());
            assertTrue(t.diagnostics().stream().anyMatch(d -> d.message().startsWith("cannot see the type of")),
                    () -> file + " translates without resolution: " + t.diagnostics());
        }
    }

    @Test
    void aWrongClassPathSaysWhatItTried(@TempDir Path dir) throws Exception {
        String source = Files.readString(RESOURCES.resolve("jar/UsesJar.java"));
        Path missing = dir.resolve("no-such.jar");
        Path notAJar = Files.writeString(dir.resolve("notes.jar"), "not a zip");
        List<Diagnostic> before = errors(translate(source, TypeContext.none()));
        List<Diagnostic> after = errors(translate(source, TypeContext.of(List.of(missing, notAJar), List.of(dir))));
        assertEquals(before.size(), after.size(), () -> "the same errors: " + after);
        String tried = "; resolving it against the JDK, class path [" + missing + ", " + notAJar
                + "] and source roots [" + dir + "] failed: ";
        for (int i = 0; i < before.size(); i++) {
            Diagnostic b = before.get(i);
            Diagnostic d = after.get(i);
            assertEquals(b.line() + ":" + b.column(), d.line() + ":" + d.column(),
                    "same place as without a class path");
            assertTrue(d.message().startsWith(b.message() + tried), d.message());
            assertTrue(d.message().contains(missing + " (does not exist)"), d.message());
            assertTrue(d.message().contains(notAJar + " (not a readable jar"), d.message());
        }
        assertTrue(after.get(0).message().contains("Tally"), () -> "names what it could not find: " + after.get(0));
    }

    @Test
    void aTypeVariableOutOfScopeIsRefusedWithTheReason() {
        String source = """
                import java.util.Collections;

                public class V {
                    public static void main(String[] args) {
                        var empty = Collections.emptyList();
                        //omp parallel private(empty)
                        {
                            empty = null;
                        }
                    }
                }
                """;
        Diagnostic d = onlyError(translate(source, TypeContext.of(List.of(), List.of())));
        assertEquals(6, d.line());
        assertTrue(d.message().startsWith("cannot see the type of 'empty' (declared with var)"), d.message());
        assertTrue(d.message().contains("type variable T of java.util.Collections.emptyList"), d.message());
    }

    @Test
    void aWorkSharingForEachOverACallOfAnUnknownType() {
        String source = """
                public class F {
                    public static void main(String[] args) {
                        long sum = 0;
                        //omp parallel for reduction(+:sum)
                        for (var x : Missing.items()) {
                            sum += x;
                        }
                    }
                }
                """;
        String old = "a work-sharing for-each needs an array, a List or another Iterable held in a variable whose"
                + " declared type is visible; assign 'Missing.items()' to a typed local first";
        Diagnostic before = onlyError(translate(source, TypeContext.none()));
        assertEquals("5:22: " + old + " (without a class path or source path, types the source does not write are"
                + " not resolved)", before.line() + ":" + before.column() + ": " + before.message());
        Diagnostic after = onlyError(translate(source, TypeContext.of(List.of(), List.of())));
        assertEquals("5:22", after.line() + ":" + after.column());
        assertTrue(after.message().startsWith(old + "; resolving it against the JDK, class path [] and source roots []"
                + " failed: "), after.message());
        assertTrue(after.message().contains("Missing"), after.message());
    }

    @Test
    void anAnonymousClassIsRefusedWithTheReason() {
        String source = """
                public class A {
                    public static void main(String[] args) {
                        var counter = new Object() {
                            int count;
                        };
                        //omp parallel private(counter)
                        {
                            counter = null;
                        }
                    }
                }
                """;
        Diagnostic d = onlyError(translate(source, TypeContext.of(List.of(), List.of())));
        assertEquals(6, d.line());
        assertTrue(d.message().startsWith("cannot see the type of 'counter' (declared with var)"), d.message());
        assertTrue(d.message().endsWith("failed: its type is an anonymous class, which has no name"), d.message());
    }

    @Test
    void aTypeVariableInScopeIsWritten() {
        String source = """
                import java.util.List;

                public class G<T> {
                    T pick(List<T> xs) {
                        var first = xs.get(0);
                        //omp parallel private(first)
                        {
                            first = xs.get(0);
                        }
                        return first;
                    }
                }
                """;
        Translation t = translate(source, TypeContext.of(List.of(), List.of()));
        assertFalse(t.hasErrors(), () -> t.diagnostics().toString());
        assertTrue(t.output().contains("T first$"), t.output());
    }

    private static Translation translate(String source, TypeContext context) {
        return new Translator(TranslatorOptions.defaults().withTypes(context)).translate("X.java", source);
    }

    private static List<Diagnostic> errors(Translation t) {
        return t.diagnostics().stream().filter(d -> d.severity() == Diagnostic.Severity.ERROR).toList();
    }

    private static Diagnostic onlyError(Translation t) {
        List<Diagnostic> errors = errors(t);
        assertEquals(1, errors.size(), () -> "one error expected: " + t.diagnostics());
        return errors.get(0);
    }

    private static int columnOf(String source, int line, String text) {
        return source.lines().toList().get(line - 1).indexOf(text) + 1;
    }
}
