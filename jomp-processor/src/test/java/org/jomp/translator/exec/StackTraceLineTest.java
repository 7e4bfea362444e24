package org.jomp.translator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jomp.translator.Translation;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.junit.jupiter.api.Test;

/**
 * MISSION 2.7: stack traces of translated code point at the user's lines. ExceptionsPropagate throws a checked
 * exception inside a parallel loop and prints the top frame of the trace the caller receives; with two threads
 * that frame must be the original line of the throw statement.
 */
class StackTraceLineTest {

    private static final Pattern THROWN_AT = Pattern.compile("thrown at (\\S+):(\\d+)");

    @Test
    void exceptionFromARegionPointsAtTheOriginalThrowLine() throws Exception {
        CorpusProgram program = CorpusProgram.named("ExceptionsPropagate");
        assumeFalse(program.pending(), () -> "pending (corpus/PENDING.txt): " + program.pendingReason());
        int throwLine = lineOf(program.source(), "throw new IOException");
        Translation t = new Translator(TranslatorOptions.defaults()).translate(program.fileName(), program.source());
        assertFalse(t.hasErrors(), () -> "translation errors: " + t.diagnostics());
        InMemoryCompiler.Result compiled = new InMemoryCompiler().compile(program.fileName(), t.output());
        assertTrue(compiled.ok(), compiled::errors);

        ProgramRunner.Outcome run = ProgramRunner.run(compiled.classes(), program.name(), 2, null);
        assertNull(run.thrown(), () -> "the program threw " + run.thrown());
        Matcher m = THROWN_AT.matcher(run.stdout());
        assertTrue(m.find(), () -> "no 'thrown at' line in the output:\n" + run.stdout());
        assertEquals(program.fileName(), m.group(1), "source file of the top frame");
        assertEquals(throwLine, Integer.parseInt(m.group(2)), "line of the top frame");
    }

    private static int lineOf(String source, String text) {
        List<String> lines = source.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new IllegalArgumentException("no line contains " + text);
    }
}
