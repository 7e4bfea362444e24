package org.jomp.translator.golden;

import org.jomp.translator.Diagnostic;
import org.jomp.translator.Translation;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Golden translations: each {@code golden/X.in.java} translates to exactly {@code golden/X.out.java} (reviewed by
 * eye), keeps every original line on its number, and keeps every directive comment visible on its line.
 */
class GoldenTest {

    static Path goldenDir() throws URISyntaxException {
        return Path.of(GoldenTest.class.getResource("/golden").toURI());
    }

    static List<Path> inputs() throws IOException, URISyntaxException {
        try (Stream<Path> files = Files.list(goldenDir())) {
            return files.filter(p -> p.getFileName().toString().endsWith(".in.java")).sorted().toList();
        }
    }

    static String expectedPath(Path input) {
        return input.toString().replace(".in.java", ".out.java");
    }

    @TestFactory
    Stream<DynamicTest> translationsMatchTheReviewedText() throws Exception {
        return inputs().stream().map(input -> DynamicTest.dynamicTest(input.getFileName().toString(), () -> {
            String source = Files.readString(input, StandardCharsets.UTF_8);
            Translation t = new Translator(TranslatorOptions.defaults()).translate(input.getFileName().toString(),
                    source);
            assertFalse(t.hasErrors(), () -> t.diagnostics().stream().map(Diagnostic::format)
                    .collect(Collectors.joining("\n")));
            String expected = Files.readString(Path.of(expectedPath(input)), StandardCharsets.UTF_8);
            assertEquals(expected, t.output(), input.getFileName() + " translates differently from its golden file");
        }));
    }

    @TestFactory
    Stream<DynamicTest> everyOriginalLineKeepsItsNumber() throws Exception {
        return inputs().stream().map(input -> DynamicTest.dynamicTest(input.getFileName().toString(), () -> {
            String source = Files.readString(input, StandardCharsets.UTF_8);
            String output = new Translator(TranslatorOptions.defaults()).translate("X.java", source).output();
            List<String> before = source.lines().toList();
            List<String> after = output.lines().toList();
            assertEquals(before.size(), after.size(), "line count");
            for (int i = 0; i < before.size(); i++) {
                String line = before.get(i);
                int comment = line.indexOf("//omp");
                if (comment >= 0) {
                    String directive = line.substring(comment);
                    assertTrue(after.get(i).endsWith(directive), "line " + (i + 1) + " lost its directive comment: "
                            + after.get(i));
                }
                boolean rewrittenWhole = line.strip().startsWith("for")
                        || i > 0 && before.get(i - 1).contains("//omp atomic")
                        || declaresThreadPrivate(line, source);
                if (!rewrittenWhole && comment < 0) {
                    assertTrue(tokensInOrder(after.get(i), line), "line " + (i + 1) + " moved or lost code: '"
                            + line.strip() + "' became '" + after.get(i).strip() + "'");
                }
            }
        }));
    }

    /**
     * The names and numbers of an original line appear in the translated line in the same order (generated code may
     * stand between them; a renamed variable keeps its name as a prefix, sum becoming sum$). Loop headers and
     * atomic statements are rewritten as a whole by design and are not checked this way.
     */
    private static boolean tokensInOrder(String translated, String original) {
        Matcher m = TOKEN.matcher(original);
        int at = 0;
        while (m.find()) {
            at = translated.indexOf(m.group(), at);
            if (at < 0) {
                return false;
            }
            at += m.group().length();
        }
        return true;
    }

    /** A threadprivate field's declaration changes its type by design (int becomes ThreadPrivate.OfInt). */
    private static boolean declaresThreadPrivate(String line, String source) {
        Matcher m = THREADPRIVATE.matcher(source);
        while (m.find()) {
            for (String name : m.group(1).split(",")) {
                if (line.contains(" static ") && line.matches(".*\\b" + name.strip() + "\\s*[=;].*")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static final Pattern THREADPRIVATE = Pattern.compile("//omp threadprivate\\(([^)]*)\\)");

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*|[0-9]+");

    @TestFactory
    Stream<DynamicTest> filesWithoutDirectivesComeBackByteForByte() {
        List<String> sources = List.of(
                "class A { int x; }\n",
                "// a comment mentioning omp parallel\r\nclass B {\r\n"
                        + "\tvoid f() { /* //omp inside a block comment */ }\r\n}",
                "class C { String s = \"//omp parallel\"; }",
                "package p;\n\nrecord R(int a) {}\n\n\n",
                "this is not Java at all {{{");
        return sources.stream().map(src -> DynamicTest.dynamicTest(src.lines().findFirst().orElse(""), () -> {
            Translation t = new Translator(TranslatorOptions.defaults()).translate("A.java", src);
            assertEquals(src, t.output());
            assertFalse(t.changed());
        }));
    }
}
