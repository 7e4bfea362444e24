package org.jomp.translator.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jomp.translator.Diagnostic;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.junit.jupiter.api.Test;

/**
 * A jump out of a statement that several constructs share (a combined directive, or directives stacked on
 * consecutive lines) is one problem: it is reported once, by the construct whose rules it breaks, and every
 * diagnostic still shows its line with a caret.
 */
class JumpsReportedOnceTest {

    private static final String SOURCE = """
            public class Jumps {
                static void run(int n, double[] a) {
                    //omp parallel for
                    for (int i = 0; i < n; i++) { if (a[i] < 0) break; }
                    //omp parallel for
                    for (int i = 0; i < n; i++) { if (a[i] < 0) return; }
                    //omp parallel
                    //omp for
                    for (int i = 0; i < n; i++) { if (a[i] < 0) return; }
                    //omp parallel
                    //omp single
                    { if (n < 0) return; }
                    //omp parallel sections
                    {
                        { if (n < 0) return; }
                    }
                }
            }
            """;

    @Test
    void eachJumpIsOneError() {
        List<Diagnostic> diagnostics = new Translator(TranslatorOptions.defaults()).translate("Jumps.java", SOURCE)
                .diagnostics();
        assertEquals(List.of(
                "4:53: 'break' may not end a work-sharing loop",
                "6:53: 'return' may not leave the 'parallel for' construct",
                "9:53: 'return' may not leave the 'for' construct",
                "12:22: 'return' may not leave the 'single' construct",
                "15:26: 'return' may not leave the 'parallel sections' construct"),
                diagnostics.stream().map(d -> d.line() + ":" + d.column() + ": " + d.message()).toList());
        for (Diagnostic d : diagnostics) {
            String[] lines = d.format().split("\n");
            assertEquals(d.column() - 1 - (SOURCE.split("\n")[d.line() - 1].length() - lines[1].length()),
                    lines[2].indexOf('^'), "caret under the column:\n" + d.format());
        }
    }
}
