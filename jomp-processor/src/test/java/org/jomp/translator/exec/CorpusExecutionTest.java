package org.jomp.translator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jomp.translator.Diagnostic;
import org.jomp.translator.Translation;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The execution corpus: every program is compiled as written (its directives are comments, so that is the
 * sequential program) and run for the expected output; then translated, compiled and run with 1, 2 and 4 threads
 * (and under every schedule kind where it reads {@code schedule(runtime)}); the outputs must be equal.
 * Programs listed in corpus/PENDING.txt are reported as skipped with their reason.
 */
class CorpusExecutionTest {

    private static final int[] THREAD_COUNTS = {1, 2, 4};
    private static final Pattern STRING_LITERAL = Pattern.compile("\"(?:[^\"\\\\\\n]|\\\\.)*\"");

    /** A program after translation and compilation of both versions; built once for all test cases. */
    private record Prepared(CorpusProgram program, Translation translation, Throwable translatorFailure,
            InMemoryCompiler.Result original, InMemoryCompiler.Result translated) {
    }

    private static Map<String, Prepared> prepared;
    private static final Map<String, ProgramRunner.Outcome> EXPECTED = new LinkedHashMap<>();

    @Test
    void corpusHasAtLeastFortyPrograms() {
        assertTrue(CorpusProgram.all().size() >= 40, "the corpus has " + CorpusProgram.all().size() + " programs");
    }

    @TestFactory
    Stream<DynamicNode> corpus() {
        return CorpusProgram.all().stream().map(p -> dynamicContainer(p.name(), testsOf(p)));
    }

    private static List<DynamicTest> testsOf(CorpusProgram program) {
        List<DynamicTest> tests = new ArrayList<>();
        tests.add(dynamicTest("translates and compiles", () -> preparedOk(program)));
        tests.add(dynamicTest("keeps every line on its number", () -> checkLines(preparedOk(program))));
        for (int threads : THREAD_COUNTS) {
            if (program.readsRuntimeSchedule()) {
                for (String schedule : CorpusProgram.RUNTIME_SCHEDULES) {
                    tests.add(dynamicTest(threads + " thread(s), schedule " + schedule,
                            () -> runAndCompare(program, threads, schedule)));
                }
            } else {
                tests.add(dynamicTest(threads + " thread(s)", () -> runAndCompare(program, threads, null)));
            }
        }
        return tests;
    }

    private static void runAndCompare(CorpusProgram program, int threads, String schedule) throws Exception {
        Prepared p = preparedOk(program);
        ProgramRunner.Outcome expected = expectedOutcome(p);
        ProgramRunner.Outcome actual = ProgramRunner.run(p.translated.classes(), program.name(), threads, schedule);
        String where = program.name() + " with " + threads + " thread(s)"
                + (schedule == null ? "" : " and OMP_SCHEDULE=" + schedule);
        if (actual.thrown() != null) {
            fail(where + " threw " + stackTrace(actual.thrown()) + "\nafter printing:\n" + actual.stdout()
                    + "\nexpected output:\n" + expected.stdout() + diagnosticsOf(p));
        }
        assertEquals(expected.stdout(), actual.stdout(), where + ": output differs from the sequential run"
                + diagnosticsOf(p));
    }

    /** The sequential program's output, checked once to be a usable oracle (it returns and prints something). */
    private static ProgramRunner.Outcome expectedOutcome(Prepared p) throws Exception {
        synchronized (EXPECTED) {
            ProgramRunner.Outcome outcome = EXPECTED.get(p.program.name());
            if (outcome == null) {
                outcome = ProgramRunner.run(p.original.classes(), p.program.name(), 0, null);
                if (outcome.thrown() != null) {
                    fail("corpus program " + p.program.name() + " throws when run sequentially: "
                            + stackTrace(outcome.thrown()));
                }
                assertFalse(outcome.stdout().isBlank(), "corpus program " + p.program.name() + " prints nothing");
                EXPECTED.put(p.program.name(), outcome);
            }
            return outcome;
        }
    }

    /**
     * Line preservation (issue 3): the translation has at least the original's lines (helper code may follow the
     * last one) and every string literal of the original is still on its own line number, inside regions as well
     * as outside; a translator has no reason to move a literal, so a shifted one means shifted lines.
     */
    private static void checkLines(Prepared p) {
        String[] original = p.program.source().split("\n", -1);
        String[] translated = p.translation.output().split("\n", -1);
        assertTrue(translated.length >= original.length, p.program.name() + ": the translation has "
                + translated.length + " lines, the original " + original.length);
        List<String> moved = new ArrayList<>();
        for (int i = 0; i < original.length; i++) {
            if (original[i].strip().startsWith("//")) {
                continue;
            }
            Matcher m = STRING_LITERAL.matcher(original[i]);
            while (m.find()) {
                if (!translated[i].contains(m.group())) {
                    moved.add("line " + (i + 1) + ": " + m.group() + " not in: " + translated[i].strip());
                }
            }
        }
        assertTrue(moved.isEmpty(), p.program.name() + ": string literals left their lines:\n"
                + String.join("\n", moved));
    }

    /** The prepared program, or a skip (pending) or a failure that says which step went wrong. */
    private static Prepared preparedOk(CorpusProgram program) {
        assumeFalse(program.pending(), () -> "pending (corpus/PENDING.txt): " + program.pendingReason());
        Prepared p = preparedAll().get(program.name());
        if (p.translatorFailure != null) {
            fail("the translator threw on " + program.fileName() + ": " + stackTrace(p.translatorFailure));
        }
        if (p.translation.hasErrors()) {
            fail("the translator reported errors on " + program.fileName() + diagnosticsOf(p));
        }
        if (!p.translation.changed()) {
            fail("the translator left " + program.fileName() + " unchanged, although it has directives");
        }
        if (!p.original.ok()) {
            fail("corpus program " + program.fileName() + " does not compile as plain Java:\n" + p.original.errors());
        }
        if (!p.translated.ok()) {
            fail("the translation of " + program.fileName() + " does not compile:\n" + p.translated.errors()
                    + diagnosticsOf(p) + "\ntranslation:\n" + numbered(p.translation.output()));
        }
        return p;
    }

    private static synchronized Map<String, Prepared> preparedAll() {
        if (prepared != null) {
            return prepared;
        }
        Translator translator = new Translator(TranslatorOptions.defaults());
        Map<String, String> originals = new LinkedHashMap<>();
        Map<String, String> translations = new LinkedHashMap<>();
        Map<String, Translation> results = new LinkedHashMap<>();
        Map<String, Throwable> failures = new LinkedHashMap<>();
        List<CorpusProgram> programs = CorpusProgram.all().stream().filter(p -> !p.pending()).toList();
        for (CorpusProgram program : programs) {
            originals.put(program.fileName(), program.source());
            try {
                Translation t = translator.translate(program.fileName(), program.source());
                results.put(program.name(), t);
                if (!t.hasErrors()) {
                    translations.put(program.fileName(), t.output());
                }
            } catch (Throwable e) {
                failures.put(program.name(), e);
            }
        }
        InMemoryCompiler compiler = new InMemoryCompiler();
        Map<String, InMemoryCompiler.Result> compiledOriginals = compiler.compileAll(originals);
        Map<String, InMemoryCompiler.Result> compiledTranslations = compiler.compileAll(translations);
        Map<String, Prepared> all = new LinkedHashMap<>();
        for (CorpusProgram program : programs) {
            all.put(program.name(), new Prepared(program, results.get(program.name()), failures.get(program.name()),
                    compiledOriginals.get(program.fileName()), compiledTranslations.get(program.fileName())));
        }
        prepared = all;
        return all;
    }

    private static String diagnosticsOf(Prepared p) {
        if (p.translation == null || p.translation.diagnostics().isEmpty()) {
            return "";
        }
        return "\ntranslator diagnostics:\n" + p.translation.diagnostics().stream().map(Diagnostic::format)
                .collect(Collectors.joining("\n"));
    }

    private static String numbered(String text) {
        String[] lines = text.split("\n", -1);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
            out.append(String.format("%4d  %s%n", i + 1, lines[i]));
        }
        return out.toString();
    }

    static String stackTrace(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString();
    }
}
