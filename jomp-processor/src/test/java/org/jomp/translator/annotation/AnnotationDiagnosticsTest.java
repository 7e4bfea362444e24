package org.jomp.translator.annotation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.jomp.translator.Diagnostic;
import org.jomp.translator.Translation;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.junit.jupiter.api.Test;

/**
 * Bad annotations give errors that say what is wrong and where: the line and column of the character inside the
 * string member, of the member, or of the annotation. Each test names the text the column must point at, and the
 * expected column is found in the source line.
 */
class AnnotationDiagnosticsTest {

    private static final String HEAD = "import org.jomp.annotations.*;\nclass A {\n    void f(int[] a, int n) {\n";
    private static final String TAIL = "    }\n}\n";

    @Test
    void badReductionOperatorPointsAtItInsideTheString() {
        String line = "        for (@ParallelFor(reduction = \"%:s\") int i = 0; i < n; i++) { }";
        assertError(line, "%:s", "unknown reduction operator '%'");
    }

    @Test
    void nonPositiveChunkPointsAtTheChunk() {
        String line = "        for (@For(schedule = Schedule.DYNAMIC, chunk = \"0\") int i = 0; i < n; i++) { }";
        assertError(line, "0\"", "chunk size must be positive, got 0");
    }

    @Test
    void unknownVariableInAListPointsAtTheName() {
        String line = "        for (@ParallelFor(privateVars = {\"a\", \"zz\"}) int i = 0; i < n; i++) { }";
        assertError(line, "zz", "'zz'");
    }

    @Test
    void constantInsteadOfALiteralIsRejected() {
        String line = "        for (@ParallelFor(chunk = CHUNK) int i = 0; i < n; i++) { }";
        assertError(line, "CHUNK", "'chunk' must be a string literal");
    }

    @Test
    void loopAnnotationOutsideALoopHeader() {
        String line = "        @For int x = 0;";
        assertError(line, "@For", "@For must annotate the index variable of a for loop or the variable of a"
                + " for-each loop");
    }

    @Test
    void localAnnotationWithNoConstructAfterIt() {
        String line = "        @Reduction(\"+\") int s = 0; for (int i = 0; i < n; i++) { s += i; }";
        assertError(line, "@Reduction", "@Reduction on 's' applies to no construct: none that takes 'reduction'"
                + " and uses it follows its declaration in its block");
    }

    @Test
    void localAnnotationOnAConstructThatTakesNoSuchClause() {
        String text = HEAD + "        @LastPrivate int x = 0;\n        //omp parallel\n        { x = 1; }\n" + TAIL;
        Diagnostic d = onlyError(text);
        assertEquals(4, d.line());
        assertEquals(9, d.column());
        assertEquals("@LastPrivate on 'x' applies to no construct: none that takes 'lastprivate' and uses it"
                + " follows its declaration in its block", d.message());
    }

    @Test
    void localAnnotationOnAVariableTheConstructNamesAlready() {
        String text = HEAD + "        @Private int x = 0;\n        //omp parallel private(x)\n"
                + "        { x = 1; }\n" + TAIL;
        Diagnostic d = onlyError(text);
        assertEquals(4, d.line());
        assertEquals("@Private on 'x': 'parallel' (line 5) already names it in 'private'", d.message());
    }

    @Test
    void collectiveRootNamingAnUnknownVariablePointsInsideTheString() {
        String line = "        @Bcast(root = \"owner\") int[] d = new int[3];";
        assertError(line, "owner", "owner");
    }

    @Test
    void collectiveWithBadSourcePointsInsideTheString() {
        String line = "        @Scatter(from = \"a[1]\") int[] d = new int[3];";
        assertError(line, "[1]", "a slice is written a[from : to]");
    }

    @Test
    void collectiveMustEndItsLine() {
        String line = "        @Allreduce(\"+\") int s = n; s++;";
        assertError(line, "@Allreduce", "@Allreduce: nothing may follow the declaration on its line");
    }

    @Test
    void clauseNotAllowedOnTheDirectiveIsNamed() {
        String line = "        for (@For(schedule = Schedule.RUNTIME, chunk = \"4\") int i = 0; i < n; i++) { }";
        assertError(line, "\"4\"", "schedule(runtime) takes no chunk size");
    }

    @Test
    void sectionsMethodMayNotDeclareLocals() {
        String text = "import org.jomp.annotations.*;\nclass A {\n    @Sections\n    void f() {\n        int x = 1;\n"
                + "        g(x);\n    }\n    void g(int x) { }\n}\n";
        Diagnostic d = onlyError(text);
        assertEquals(5, d.line());
        assertEquals(9, d.column());
        assertEquals("each statement of a sections method is a section: declare 'x' outside the method, or put the"
                + " section in a block", d.message());
    }

    @Test
    void errorOnTheLineOfAnInsertedBracePointsAtTheOriginalColumn() {
        String line = "    @Critical void f(int n) { if (n > 0) return; }";
        Diagnostic d = onlyError("import org.jomp.annotations.*;\nclass A {\n" + line + "\n}\n");
        assertEquals(3, d.line());
        assertEquals(line.indexOf("return") + 1, d.column(), d::format);
        assertEquals(line, d.sourceLine());
    }

    /** The only error of a file whose fourth line is {@code line} is at {@code at} in it and says {@code what}. */
    private static void assertError(String line, String at, String what) {
        Diagnostic d = onlyError(HEAD + line + "\n" + TAIL);
        assertEquals(4, d.line(), d::format);
        assertEquals(line.indexOf(at) + 1, d.column(), d::format);
        assertEquals(line, d.sourceLine());
        if (!d.message().contains(what)) {
            assertEquals(what, d.message());
        }
    }

    private static Diagnostic onlyError(String text) {
        Translation t = new Translator(TranslatorOptions.defaults()).translate("A.java", text);
        List<Diagnostic> errors = t.diagnostics().stream()
                .filter(d -> d.severity() == Diagnostic.Severity.ERROR).toList();
        assertEquals(1, errors.size(), t.diagnostics()::toString);
        assertFalse(t.changed(), "a file with errors is not translated");
        return errors.get(0);
    }
}
