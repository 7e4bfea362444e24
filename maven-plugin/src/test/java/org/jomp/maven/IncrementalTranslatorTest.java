package org.jomp.maven;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.jomp.translator.Diagnostic;
import org.jomp.translator.ThreadPrivateFields;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.jomp.translator.types.TypeContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IncrementalTranslatorTest {

    private static final String LOOP = """
            package p;

            class Loop {
                static long sum(int n) {
                    long s = 0;
                    //omp parallel for reduction(+:s)
                    for (int i = 0; i < n; i++) {
                        s += i;
                    }
                    return s;
                }
            }
            """;
    private static final String PLAIN = "package p;\r\n\r\n/* no directives, CRLF line ends */\r\nclass Plain {}\r\n";
    private static final String BAD = """
            package p;

            class Bad {
                static void f() {
                    //omp parallel for schedule(sometimes)
                    for (int i = 0; i < 3; i++) {
                    }
                }
            }
            """;
    private static final String RACE = """
            package p;

            class Race {
                static int f() {
                    int last = 0;
                    //omp parallel for
                    for (int i = 0; i < 3; i++) {
                        last = i;
                    }
                    return last;
                }
            }
            """;

    @TempDir
    Path base;
    private Path src;
    private Path out;
    private Path state;
    private final RecordingBuildContext context = new RecordingBuildContext();

    @BeforeEach
    void layout() {
        src = base.resolve("src/main/java");
        out = base.resolve("target/generated-sources/jomp");
        state = base.resolve("target/maven-status/jomp/main.state");
    }

    private void write(String relative, String text) throws IOException {
        Path file = src.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    private TranslationReport run(List<String> excludes, boolean warningsFail, String fingerprint)
            throws IOException {
        IncrementalTranslator engine = new IncrementalTranslator(new Translator(TranslatorOptions.defaults()),
                context, StandardCharsets.UTF_8, List.of("**/*.java"), excludes, warningsFail);
        return engine.run(List.of(src), out, state, fingerprint);
    }

    private TranslationReport run() throws IOException {
        return run(List.of(), false, "f1");
    }

    @Test
    void translatesFilesWithDirectivesAndCopiesTheOthersByteForByte() throws IOException {
        write("p/Loop.java", LOOP);
        write("p/Plain.java", PLAIN);

        TranslationReport report = run();

        assertEquals(List.of("p/Loop.java"), report.translated);
        assertEquals(List.of("p/Plain.java"), report.copied);
        String translated = Files.readString(out.resolve("p/Loop.java"));
        assertNotEquals(LOOP, translated);
        assertEquals(LOOP.lines().count(), translated.lines().count(), "the translation keeps every line");
        assertArrayEquals(Files.readAllBytes(src.resolve("p/Plain.java")),
                Files.readAllBytes(out.resolve("p/Plain.java")));
        assertEquals(LOOP, Files.readString(src.resolve("p/Loop.java")), "the source is never modified");
        assertEquals(1, report.census.counts().get("parallel for"));
    }

    @Test
    void aSecondRunWithoutChangesWritesNothing() throws IOException {
        write("p/Loop.java", LOOP);
        write("p/Plain.java", PLAIN);
        run();
        context.forget();

        TranslationReport report = run();

        assertEquals(List.of("p/Loop.java", "p/Plain.java"), report.upToDate);
        assertTrue(report.translated.isEmpty() && report.copied.isEmpty(), () -> report.translated.toString());
        assertEquals(List.of(), context.written);
    }

    @Test
    void aChangeTranslatesTheTranslatedFilesAgainAndRewritesOnlyChangedOutputs() throws IOException {
        write("p/Loop.java", LOOP);
        write("p/Other.java", LOOP.replace("class Loop", "class Other"));
        write("p/Plain.java", PLAIN);
        run();
        context.forget();
        write("p/Loop.java", LOOP.replace("s += i;", "s += 2 * i;"));

        TranslationReport report = run();

        assertEquals(List.of("p/Loop.java", "p/Other.java"), report.translated,
                "a translation may depend on the types of the file that changed");
        assertEquals(List.of("p/Plain.java"), report.upToDate);
        assertEquals(List.of(out.resolve("p/Loop.java").toFile()), context.written);
        assertTrue(Files.readString(out.resolve("p/Loop.java")).contains("2 * i"));
    }

    @Test
    void aTranslationThatReadsAnotherFilesTypesFollowsItsChange() throws IOException {
        write("p/Util.java", "package p;\n\nclass Util {\n    static int start() {\n        return 1;\n    }\n}\n");
        write("p/Main.java", """
                package p;

                class Main {
                    static Object sum(int n) {
                        var total = Util.start();
                        //omp parallel for reduction(+:total)
                        for (int i = 0; i < n; i++) {
                            total += i;
                        }
                        return total;
                    }
                }
                """);
        TranslatorOptions types = TranslatorOptions.defaults().withTypes(TypeContext.of(List.of(), List.of(src)));
        new IncrementalTranslator(new Translator(types), context, StandardCharsets.UTF_8, List.of("**/*.java"),
                List.of(), false).run(List.of(src), out, state, "f1");
        assertTrue(Files.readString(out.resolve("p/Main.java")).contains("int[] total$shared"));
        write("p/Util.java", "package p;\n\nclass Util {\n    static long start() {\n        return 1;\n    }\n}\n");

        // A new translator, as a new Maven build has: one translator's symbol solver keeps what it has parsed.
        TranslationReport report = new IncrementalTranslator(new Translator(types), context, StandardCharsets.UTF_8,
                List.of("**/*.java"), List.of(), false).run(List.of(src), out, state, "f1");

        assertEquals(List.of("p/Main.java"), report.translated);
        assertEquals(List.of("p/Util.java"), report.copied);
        String main = Files.readString(out.resolve("p/Main.java"));
        assertTrue(main.contains("long[] total$shared"), () -> "the reduction must now be of longs:\n" + main);
    }

    @Test
    void aFileWithoutDirectivesThatUsesAThreadprivateFieldIsTranslatedAndFollowsTheDirective() throws IOException {
        String counters = "package p;\n\npublic class Counters {\n    //omp threadprivate(count)\n"
                + "    static int count;\n}\n";
        String user = "package p;\n\nclass User {\n    static int next() {\n        Counters.count += 2;\n"
                + "        return Counters.count;\n    }\n}\n";
        write("p/Counters.java", counters.replace("//omp threadprivate(count)", "// one per program"));
        write("p/User.java", user);
        write("p/Plain.java", PLAIN);
        TranslationReport first = run();
        assertEquals(List.of("p/Counters.java", "p/Plain.java", "p/User.java"), first.copied);

        write("p/Counters.java", counters);
        TranslationReport threadprivate = run();

        assertEquals(List.of("p/Counters.java", "p/User.java"), threadprivate.translated,
                "the copy that uses the field is translated once the field is threadprivate");
        assertEquals(List.of("p/Plain.java"), threadprivate.upToDate);
        String translated = Files.readString(out.resolve("p/User.java"));
        assertTrue(translated.contains("Counters.count.set(Counters.count.get() + (2));"), translated);
        assertTrue(translated.contains("return Counters.count.get();"), translated);

        write("p/Counters.java", counters.replace("//omp threadprivate(count)", "// one per program"));
        TranslationReport shared = run();

        assertEquals(List.of("p/Counters.java", "p/User.java"), shared.copied);
        assertEquals(user, Files.readString(out.resolve("p/User.java")));
    }

    @Test
    void testSourcesUseTheThreadprivateFieldsOfTheMainSources() throws IOException {
        Path main = base.resolve("src/main/java");
        Path test = base.resolve("src/test/java");
        Files.createDirectories(main.resolve("p"));
        Files.writeString(main.resolve("p/Counters.java"),
                "package p;\n\npublic class Counters {\n    //omp threadprivate(count)\n    static long count;\n}\n");
        Files.createDirectories(test.resolve("p"));
        Files.writeString(test.resolve("p/CountersTest.java"),
                "package p;\n\nclass CountersTest {\n    void starts() {\n        Counters.count = 1;\n    }\n}\n");
        ThreadPrivateFields mainFields = IncrementalTranslator.threadPrivateFields(List.of(main),
                StandardCharsets.UTF_8, 17);
        Translator translator = new Translator(TranslatorOptions.defaults().withThreadPrivate(mainFields));

        TranslationReport report = new IncrementalTranslator(translator, context, StandardCharsets.UTF_8,
                List.of("**/*.java"), List.of(), false).run(List.of(test), out, state, "f1");

        assertEquals(List.of("p/CountersTest.java"), report.translated);
        assertTrue(Files.readString(out.resolve("p/CountersTest.java")).contains("Counters.count.set(1);"));
    }

    @Test
    void theOutputOfADeletedSourceIsDeleted() throws IOException {
        write("p/Loop.java", LOOP);
        write("p/Plain.java", PLAIN);
        run();
        Files.delete(src.resolve("p/Plain.java"));

        TranslationReport report = run();

        assertEquals(List.of("p/Plain.java"), report.deleted);
        assertFalse(Files.exists(out.resolve("p/Plain.java")));
        assertTrue(context.refreshed.contains(out.resolve("p/Plain.java").toFile()));
    }

    @Test
    void aNewFingerprintTranslatesEverythingButRewritesNoIdenticalOutputAndDropsStrayFiles() throws IOException {
        write("p/Loop.java", LOOP);
        run();
        Files.writeString(out.resolve("p/Stray.java"), "class Stray {}");
        context.forget();

        TranslationReport report = run(List.of(), false, "f2");

        assertEquals(List.of("p/Loop.java"), report.translated);
        assertEquals(List.of("p/Stray.java"), report.deleted);
        assertEquals(List.of(), context.written, "an identical output keeps its file and timestamp");
    }

    @Test
    void aMalformedDirectiveIsAnErrorAtItsPositionAndLeavesNoOutput() throws IOException {
        write("p/Bad.java", BAD);
        Files.createDirectories(out.resolve("p"));
        Files.writeString(out.resolve("p/Bad.java"), "class Bad {} // an earlier good translation");

        TranslationReport report = run();

        assertEquals(1, report.diagnostics.size(), report.diagnostics::toString);
        Diagnostic d = report.diagnostics.get(0);
        assertEquals(Diagnostic.Severity.ERROR, d.severity());
        assertEquals(src.resolve("p/Bad.java").toString(), d.path());
        assertEquals(5, d.line());
        assertEquals(37, d.column());
        assertFalse(Files.exists(out.resolve("p/Bad.java")), "javac must not compile a stale translation");

        TranslationReport again = run();
        assertEquals(report.diagnostics, again.diagnostics, "a failed file is tried again on the next build");
    }

    @Test
    void excludedFilesAreCopiedUntranslated() throws IOException {
        write("p/Loop.java", LOOP);

        TranslationReport report = run(List.of("p/Loop.java"), false, "f1");

        assertEquals(List.of("p/Loop.java"), report.copied);
        assertEquals(LOOP, Files.readString(out.resolve("p/Loop.java")));
    }

    @Test
    void warningsAreReportedAndFailTheFileOnlyWhenAskedTo() throws IOException {
        write("p/Race.java", RACE);

        TranslationReport lenient = run();
        assertEquals(Diagnostic.Severity.WARNING, lenient.diagnostics.get(0).severity());
        assertEquals(8, lenient.diagnostics.get(0).line());
        assertTrue(Files.exists(out.resolve("p/Race.java")));

        TranslationReport strict = run(List.of(), true, "f-strict");
        assertEquals(1, strict.count(Diagnostic.Severity.WARNING));
        assertFalse(Files.exists(out.resolve("p/Race.java")));
    }

    @Test
    void theSameFileInTwoRootsIsAnError() throws IOException {
        write("p/Loop.java", LOOP);
        Path second = base.resolve("src/extra/java");
        Files.createDirectories(second.resolve("p"));
        Files.writeString(second.resolve("p/Loop.java"), LOOP);
        IncrementalTranslator engine = new IncrementalTranslator(new Translator(TranslatorOptions.defaults()),
                context, StandardCharsets.UTF_8, List.of("**/*.java"), List.of(), false);

        TranslationReport report = engine.run(List.of(src, second), out, state, "f1");

        assertEquals(1, report.count(Diagnostic.Severity.ERROR));
        assertEquals(second.resolve("p/Loop.java").toString(), report.diagnostics.get(0).path());
        assertTrue(report.diagnostics.get(0).message().contains(src.resolve("p/Loop.java").toString()));
    }

    @Test
    void bytesThatAreNotInTheSourceEncodingAreAnError() throws IOException {
        Path file = src.resolve("p/Latin.java");
        Files.createDirectories(file.getParent());
        Files.write(file, "class Latin { String s = \"caf\u00e9\"; }\n//omp barrier\n"
                .getBytes(StandardCharsets.ISO_8859_1));

        TranslationReport report = run();

        assertEquals(1, report.count(Diagnostic.Severity.ERROR));
        assertTrue(report.diagnostics.get(0).message().startsWith("not readable as UTF-8"));
    }
}
