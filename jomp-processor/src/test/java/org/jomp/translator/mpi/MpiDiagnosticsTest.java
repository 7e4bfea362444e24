package org.jomp.translator.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jomp.translator.Diagnostic;
import org.jomp.translator.Translation;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.jomp.translator.exec.InMemoryCompiler;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * Bad //mpi input: each case is a method body with one faulty directive; the diagnostic must be of the right
 * severity, stand at the line and column of the faulty token (found in the source by text, so the expectation does
 * not depend on counting by hand), and say what is wrong. An error leaves the file untranslated; a warning
 * translates it, and the translation compiles.
 */
class MpiDiagnosticsTest {

    /**
     * @param body    statements of {@code void run(...)} (parameters: int n, double[] a, String s, Plain plain)
     * @param marker  text that appears first on the line the diagnostic must point at
     * @param token   the text on that line where its column must point
     * @param phrases what the message must say
     */
    record Case(String name, boolean error, String body, String marker, String token, List<String> phrases) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Case> cases() {
        return List.of(
                new Case("bcast of a non-Serializable object", true,
                        "Plain p = plain;\n//mpi bcast(n, p) root(0)\n", "//mpi bcast", "p)",
                        List.of("cannot broadcast 'p'", "Plain", "not Serializable")),
                new Case("allreduce of a String", true,
                        "//mpi allreduce(+: s)\n", "//mpi allreduce", "s)",
                        List.of("cannot reduce 's'", "String")),
                new Case("distributed loop reducing a String", true,
                        "//mpi for reduction(+:s)\nfor (int i = 0; i < n; i++) { s += i; }\n", "//mpi for", "s)",
                        List.of("cannot reduce 's'", "String")),
                new Case("unknown declared reduction", true,
                        "//mpi allreduce(merge: s)\n", "//mpi allreduce", "s)",
                        List.of("unknown reduction operator 'merge'", "declared reduction")),
                new Case("declared reduction of another type", true,
                        "//omp declare reduction(join : String : omp_out = omp_out + omp_in)"
                                + " initializer(omp_priv = \"\")\n"
                                + "//mpi for reduction(join:n)\nfor (int i = 0; i < n; i++) { a[i] = i; }\n",
                        "//mpi for", "join", List.of("declared for String", "'int n'")),
                new Case("reduction operator that does not fit", true,
                        "//mpi allreduce(&: a)\n", "//mpi allreduce", "a)",
                        List.of("'&'", "'a'", "double[]")),
                new Case("scatter from a primitive", true,
                        "int[] part = new int[1];\n//mpi scatter(n -> part)\n", "//mpi scatter", "n ->",
                        List.of("scatter source 'n' is an int", "array or an org.jomp.msg.Divisible")),
                new Case("scatter from a class that is not Divisible", true,
                        "Plain part = null;\n//mpi scatter(plain -> part)\n", "//mpi scatter", "plain ->",
                        List.of("scatter source 'plain'", "Plain", "Divisible")),
                new Case("root of type double", true,
                        "double r = 1;\n//mpi bcast(n) root(r)\n", "//mpi bcast", "r)",
                        List.of("root(r) is a double", "not an int expression")),
                new Case("root that is a decimal literal", true,
                        "//mpi reduce(+: n) root(1.5)\n", "//mpi reduce", "1.5",
                        List.of("root(1.5)", "not an int expression")),
                new Case("on() with a boolean", true,
                        "//mpi on(true)\nn++;\n", "//mpi on", "true",
                        List.of("on(true) is a boolean")),
                new Case("distributed loop that is not canonical", true,
                        "//mpi for\nfor (int i = 1; i < n; i *= 2) { a[i] = i; }\n", "for (int i = 1", "i *= 2",
                        List.of("non-canonical loop", "loop-invariant")),
                new Case("distributed statement that is not a loop", true,
                        "//mpi for\nwhile (n > 0) { n--; }\n", "while", "while",
                        List.of("'mpi for' must be followed by a for loop")),
                new Case("collective inside a work-sharing loop", true,
                        "//omp parallel\n{\n//omp for\nfor (int i = 0; i < n; i++) {\n//mpi bcast(a)\n}\n}\n",
                        "//mpi bcast", "//mpi", List.of("collective 'mpi bcast'", "work-sharing", "'for'")),
                new Case("collective inside a critical section", true,
                        "//omp parallel\n{\n//omp critical\n{\n//mpi barrier\n}\n}\n",
                        "//mpi barrier", "//mpi", List.of("collective 'mpi barrier'", "critical section")),
                new Case("collective inside a distributed loop", true,
                        "//mpi for\nfor (int i = 0; i < n; i++) {\n//mpi allreduce(+: n)\n}\n",
                        "//mpi allreduce", "//mpi", List.of("collective 'mpi allreduce'", "distributed loop")),
                new Case("collective in nested parallel regions", true,
                        "//omp parallel\n{\n//omp parallel\n{\n//mpi allreduce(+: n)\n}\n}\n",
                        "//mpi allreduce", "//mpi", List.of("nested parallel regions")),
                new Case("collective run by one rank only", true,
                        "//mpi master\n{\n//mpi bcast(a)\n}\n",
                        "//mpi bcast", "//mpi", List.of("one rank only")),
                new Case("distributed loop inside a parallel region", true,
                        "//omp parallel\n{\n//mpi for\nfor (int i = 0; i < n; i++) { a[i] = i; }\n}\n",
                        "//mpi for", "//mpi", List.of("'mpi for' may not be nested inside 'parallel'")),
                new Case("distributed loop in a region with a reduction", true,
                        "double t = 0;\n//omp parallel\n{\n//mpi for reduction(+:t)\n//omp for\n"
                                + "for (int i = 0; i < n; i++) { a[i] = i; }\n}\n",
                        "//mpi for", "//mpi", List.of("takes no reduction clause", "//mpi allreduce")),
                new Case("mpi_owner with one argument", true,
                        "//mpi bcast(a) root(mpi_owner(n))\n", "//mpi bcast", "mpi_owner",
                        List.of("mpi_owner takes 2 arguments")),
                new Case("gather of a loop stepping by 2", true,
                        "//mpi for schedule(cyclic) gather(a)\nfor (int i = 0; i < n; i += 2) { a[i] = i; }\n",
                        "//mpi for", "a)", List.of("steps its index by +1")),
                new Case("unknown directive", true,
                        "//mpi broadcast(a)\n", "//mpi", "broadcast", List.of("unknown //mpi directive 'broadcast'")),
                new Case("unknown clause", true,
                        "//mpi for schedule(block) private(n)\nfor (int i = 0; i < n; i++) { a[i] = i; }\n",
                        "//mpi for", "private", List.of("unknown clause 'private'", "allowed: schedule")),
                new Case("unknown schedule", true,
                        "//mpi for schedule(dynamic)\nfor (int i = 0; i < n; i++) { a[i] = i; }\n",
                        "//mpi for", "dynamic", List.of("unknown //mpi schedule 'dynamic'", "block or cyclic")),
                new Case("unknown variable", true,
                        "//mpi bcast(a, missing)\n", "//mpi bcast", "missing", List.of("unknown variable 'missing'")),
                new Case("transfer without arrow", true,
                        "//mpi gather(a, a)\n", "//mpi gather", "a, a", List.of("missing '->'")),
                new Case("gather from a distributed for-each", true,
                        "//mpi for allgather(a)\nfor (double x : a) { n++; }\n", "//mpi for", "//mpi",
                        List.of("'mpi for' over a for-each takes no allgather clause", "counted loop")),
                new Case("distributed for-each divided among threads too", true,
                        "//mpi parallel for\nfor (double x : a) { s = s + x; }\n", "//mpi parallel", "//mpi",
                        List.of("over a for-each is not divided among threads")),
                new Case("distributed for-each over a call without a type context", true,
                        "//mpi for\nfor (double x : java.util.List.of(1.0)) { n++; }\n", "for (double", "java",
                        List.of("a distributed for-each needs an array or a List", "assign 'java.util.List.of(1.0)'")),
                new Case("nowait on a collective one thread makes", false,
                        "//omp parallel\n{\n//omp single\n{\n//mpi bcast(a) nowait\n}\n}\n",
                        "//mpi bcast", "//mpi", List.of("nowait has no effect on 'mpi bcast'",
                        "inside 'single' (line 9)")),
                new Case("rank-local variable used after the loop", false,
                        "double last = 0;\n//mpi for\nfor (int i = 0; i < n; i++) { last = a[i]; }\n"
                                + "System.out.println(last + a[0]);\n",
                        "System.out.println", "last +",
                        List.of("'last' is assigned in the distributed loop at line", "without reduction or gather")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void diagnosticSaysWhatAndWhere(Case c) {
        String source = "import java.io.Serializable;\n"
                + "public class Bad {\n"
                + "    static final class Plain {\n"
                + "        int value;\n"
                + "    }\n"
                + "    static void run(int n, double[] a, String s, Plain plain) {\n"
                + c.body()
                + "    }\n"
                + "}\n";
        Translation t = new Translator(TranslatorOptions.defaults()).translate("Bad.java", source);
        Diagnostic.Severity severity = c.error() ? Diagnostic.Severity.ERROR : Diagnostic.Severity.WARNING;
        List<Diagnostic> found = t.diagnostics().stream().filter(d -> d.severity() == severity).toList();
        assertEquals(1, found.size(), () -> c.name() + ": expected one " + severity + ", got " + t.diagnostics());
        Diagnostic d = found.get(0);
        String[] lines = source.split("\n", -1);
        int line = 0;
        while (!lines[line].contains(c.marker())) {
            line++;
        }
        assertEquals(line + 1, d.line(), () -> c.name() + ": " + d.format());
        assertEquals(lines[line].indexOf(c.token()) + 1, d.column(), () -> c.name() + ": " + d.format());
        for (String phrase : c.phrases()) {
            assertTrue(d.message().contains(phrase), () -> c.name() + ": message lacks '" + phrase + "': "
                    + d.message());
        }
        assertTrue(d.format().startsWith("Bad.java:" + d.line() + ":" + d.column() + ":"), d.format());
        if (c.error()) {
            assertFalse(t.changed(), "a file with errors is not translated");
        } else {
            InMemoryCompiler.Result compiled = new InMemoryCompiler().compile("Bad.java", t.output());
            assertTrue(compiled.ok(), () -> compiled.errors() + "\n" + t.output());
        }
    }

    @Test
    void correctUseGivesNoDiagnosticAndFilesWithoutDirectivesStayByteForByte() {
        String plain = "class P { void f() { // mpi is not a directive here\n int x = 1; } }\n";
        Translation same = new Translator(TranslatorOptions.defaults()).translate("P.java", plain);
        assertFalse(same.changed());
        assertTrue(same.diagnostics().isEmpty());
        String good = "class G {\n  static void f(int n, double[] a) {\n    double sum = 0;\n"
                + "    //mpi for reduction(+:sum) gather(a)\n    for (int i = 0; i < n; i++) { a[i] = i; sum += i; }\n"
                + "    System.out.println(sum + a[0]);\n"
                + "    //mpi for\n    for (int i = 0; i < n; i++) { a[i] = 2 * i; }\n"
                + "    //mpi allgather(a[mpi_start(n) : mpi_end(n)] -> a)\n"
                + "    System.out.println(a[n - 1]);\n"
                + "    //mpi for schedule(cyclic, 2) reduction(+:sum)\n    for (double x : a)\n      sum += x;\n"
                + "    System.out.println(sum);\n  }\n}\n";
        Translation t = new Translator(TranslatorOptions.defaults()).translate("G.java", good);
        assertTrue(t.diagnostics().isEmpty(), () -> t.diagnostics().toString());
        assertEquals(good.split("\n", -1).length, t.output().split("\n", -1).length, "lines keep their numbers");
    }
}
