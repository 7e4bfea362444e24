package org.jomp.translator.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jomp.translator.Diagnostic;
import org.jomp.translator.Translation;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.jomp.translator.exec.CorpusProgram;
import org.jomp.translator.exec.InMemoryCompiler;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The diagnostics suite (src/test/resources/diagnostics): each case is a small malformed or suspicious input whose
 * first lines say which diagnostic it must produce and where. Checked: the severity, exact line and column, key
 * phrases of the message, that an error case has errors (and a warning case has none and still compiles), and that
 * {@link Diagnostic#format()} shows the position, the source line and a caret under the column.
 * Cases listed in diagnostics/PENDING.txt are reported as skipped with their reason.
 */
class DiagnosticsSuiteTest {

    private record Case(String name, String fileName, String source, List<ExpectedDiagnostic> expected,
            String pendingReason) {
    }

    @Test
    void suiteHasAtLeastThirtyCases() {
        assertTrue(cases().size() >= 30, "the suite has " + cases().size() + " cases");
    }

    @Test
    void translatorNeverThrowsOnAnyCase() {
        Translator translator = new Translator(TranslatorOptions.defaults());
        List<String> thrown = new ArrayList<>();
        for (Case c : cases()) {
            try {
                translator.translate(c.fileName, c.source);
            } catch (Throwable e) {
                thrown.add(c.fileName + ": " + stackTrace(e));
            }
        }
        assertTrue(thrown.isEmpty(), "the translator threw on:\n" + String.join("\n", thrown));
    }

    @TestFactory
    Stream<DynamicNode> diagnostics() {
        return cases().stream().map(c -> dynamicContainer(c.name, List.of(
                dynamicTest("reports " + c.expected, () -> checkReported(c)),
                dynamicTest("formats with source line and caret", () -> checkFormat(c)))));
    }

    private static void checkReported(Case c) {
        Translation t = translate(c);
        for (ExpectedDiagnostic e : c.expected) {
            assertTrue(t.diagnostics().stream().anyMatch(e::matches), c.fileName + ": expected " + e
                    + ", got:\n" + listing(t));
        }
        boolean errorExpected = c.expected.stream().anyMatch(e -> e.severity() == Diagnostic.Severity.ERROR);
        assertEquals(errorExpected, t.hasErrors(), c.fileName + ": hasErrors(), diagnostics:\n" + listing(t));
        if (!errorExpected) {
            InMemoryCompiler.Result compiled = new InMemoryCompiler().compile(c.fileName, t.output());
            assertTrue(compiled.ok(), c.fileName + ": a translation with warnings only must compile:\n"
                    + compiled.errors());
        }
    }

    private static void checkFormat(Case c) {
        Translation t = translate(c);
        String[] sourceLines = c.source.split("\n", -1);
        for (ExpectedDiagnostic e : c.expected) {
            Diagnostic d = t.diagnostics().stream().filter(e::matches).findFirst()
                    .orElseThrow(() -> new AssertionError(c.fileName + ": no " + e + " to format, got:\n"
                            + listing(t)));
            String formatted = d.format();
            String head = c.fileName + ":" + e.line() + ":" + e.column() + ": "
                    + e.severity().name().toLowerCase(Locale.ROOT) + ":";
            assertTrue(formatted.startsWith(head), "format() must start with '" + head + "', was:\n" + formatted);
            String source = sourceLines[e.line() - 1];
            assertCaretUnderColumn(formatted, source, e.column());
        }
    }

    /**
     * The source line must appear on a line of its own (its indentation may be trimmed), and the next line must
     * hold a caret under the diagnostic's column of that source line.
     */
    private static void assertCaretUnderColumn(String formatted, String source, int column) {
        String[] lines = formatted.split("\n", -1);
        for (int i = 1; i + 1 < lines.length; i++) {
            String shown = lines[i].stripTrailing();
            int cut = source.stripTrailing().length() - shown.length();
            if (shown.isEmpty() || cut < 0 || !source.stripTrailing().endsWith(shown)) {
                continue;
            }
            int caret = lines[i + 1].indexOf('^');
            assertEquals(column - 1 - cut, caret, "caret position under the source line in:\n" + formatted);
            return;
        }
        fail("format() does not show the source line '" + source.strip() + "' followed by a caret line:\n"
                + formatted);
    }

    private static Translation translate(Case c) {
        assumeFalse(c.pendingReason != null, () -> "pending (diagnostics/PENDING.txt): " + c.pendingReason);
        Translation t = new Translator(TranslatorOptions.defaults()).translate(c.fileName, c.source);
        assertFalse(t.diagnostics().stream().anyMatch(d -> d.line() < 1 || d.column() < 1),
                c.fileName + ": every diagnostic has a position:\n" + listing(t));
        return t;
    }

    private static String listing(Translation t) {
        if (t.diagnostics().isEmpty()) {
            return "  (no diagnostics)";
        }
        return t.diagnostics().stream().map(Diagnostic::format).collect(Collectors.joining("\n"));
    }

    private static List<Case> cases() {
        Path dir = CorpusProgram.resourceDirectory("diagnostics");
        Map<String, String> pending = CorpusProgram.pendingReasons(dir.resolve("PENDING.txt"));
        for (String name : pending.keySet()) {
            if (!Files.exists(dir.resolve(name + ".java"))) {
                throw new IllegalStateException("diagnostics/PENDING.txt names " + name + ", which is not a case");
            }
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".java")).sorted().map(f -> {
                String fileName = f.getFileName().toString();
                String name = fileName.replaceFirst("\\.java$", "");
                String source = read(f);
                return new Case(name, fileName, source, ExpectedDiagnostic.parseAll(fileName, source),
                        pending.get(name));
            }).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path f) {
        try {
            return Files.readString(f, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String stackTrace(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString();
    }
}
