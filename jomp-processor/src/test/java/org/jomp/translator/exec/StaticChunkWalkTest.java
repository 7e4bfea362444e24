package org.jomp.translator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jomp.translator.Translation;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code schedule(static, n)} loops that walk their chunks ({@code Loop.staticChunks}) instead of calling
 * {@code next()} per chunk: the programs in src/test/resources/walk are translated, compiled and run with 1, 2, 3
 * and 4 threads, and must print what their sequential run prints. Every static chunked loop walks, except those
 * that are ordered or can be cancelled, which keep {@code next()}.
 */
class StaticChunkWalkTest {

    private static final Pattern STATIC_CHUNKED =
            Pattern.compile("//omp (parallel )?for .*schedule\\(static, [^)]+\\)");

    @ParameterizedTest
    @ValueSource(strings = {"StaticChunkLoops", "StaticChunkCancel"})
    void printsWhatTheSequentialProgramPrintsAtOneToFourThreads(String name) throws Exception {
        String source = Files.readString(CorpusProgram.resourceDirectory("walk").resolve(name + ".java"),
                StandardCharsets.UTF_8);
        Translation t = new Translator(TranslatorOptions.defaults()).translate(name + ".java", source);
        assertFalse(t.hasErrors(), () -> name + ": " + t.diagnostics());
        checkShapes(name, source, t.output());
        InMemoryCompiler compiler = new InMemoryCompiler();
        Map<String, byte[]> original = compiled(compiler.compile(name + ".java", source));
        Map<String, byte[]> translated = compiled(compiler.compile(name + ".java", t.output()));
        ProgramRunner.Outcome expected = ProgramRunner.run(original, name, 0, null);
        assertNull(expected.thrown(), name + " throws when run sequentially");
        assertTrue(expected.stdout().lines().count() > 5, name + " prints too little:\n" + expected.stdout());
        for (int threads = 1; threads <= 4; threads++) {
            ProgramRunner.Outcome actual = ProgramRunner.run(translated, name, threads, null);
            assertNull(actual.thrown(), name + " with " + threads + " thread(s) threw");
            assertEquals(expected.stdout(), actual.stdout(), name + " with " + threads + " thread(s)");
        }
    }

    private static Map<String, byte[]> compiled(InMemoryCompiler.Result r) {
        assertTrue(r.ok(), () -> r.fileName() + " does not compile:\n" + r.errors());
        return r.classes();
    }

    /**
     * The loop after each static chunked directive walks its chunks, unless the directive is ordered or the loop's
     * body holds a cancel or cancellation point directive: then it takes them from next(). Lines are preserved, so
     * the loop's translation starts on the loop's own line.
     */
    private static void checkShapes(String name, String source, String output) {
        String[] in = source.split("\n", -1);
        String[] out = output.split("\n", -1);
        List<String> wrong = new ArrayList<>();
        int walks = 0;
        for (int d = 0; d < in.length; d++) {
            if (!STATIC_CHUNKED.matcher(in[d]).find()) {
                continue;
            }
            boolean walk = !in[d].contains("ordered") && !cancellable(in, d + 1);
            String loop = out[d + 1];
            boolean walked = loop.contains(".staticChunks()") && !loop.contains(".next()");
            if (walk != walked) {
                wrong.add("line " + (d + 2) + (walk ? " should walk: " : " should call next(): ") + loop.strip());
            }
            walks += walk ? 1 : 0;
        }
        assertTrue(walks > 0, name + " has no loop that walks its chunks");
        assertTrue(wrong.isEmpty(), name + ":\n" + String.join("\n", wrong));
    }

    /** Whether the loop starting on line {@code first} holds a cancel directive (to its closing brace). */
    private static boolean cancellable(String[] lines, int first) {
        int depth = 0;
        for (int i = first; i < lines.length; i++) {
            if (lines[i].contains("//omp cancel")) {
                return true;
            }
            depth += count(lines[i], '{') - count(lines[i], '}');
            if (depth <= 0 && i > first) {
                return false;
            }
        }
        return false;
    }

    private static int count(String s, char c) {
        return (int) s.chars().filter(x -> x == c).count();
    }
}
