package org.jomp.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.util.List;

import org.jomp.translator.Diagnostic;
import org.junit.jupiter.api.Test;
import org.sonatype.plexus.build.incremental.BuildContext;
import org.sonatype.plexus.build.incremental.DefaultBuildContext;

class DiagnosticReporterTest {

    private static final String NL = System.lineSeparator();

    private static final Diagnostic ERROR = new Diagnostic(Diagnostic.Severity.ERROR, "/w/src/A.java", 12, 9,
            "unknown directive 'paralel'", "    \t//omp paralel");
    private static final Diagnostic WARNING = new Diagnostic(Diagnostic.Severity.WARNING, "/w/src/B.java", 3, 1,
            "'x' is shared", "x = 1;");

    @Test
    void formatsLikeTheCompilerPluginWithTheLineAndACaret() {
        assertEquals("/w/src/A.java:[12,9] unknown directive 'paralel'" + NL
                + "    \t//omp paralel" + NL
                + "    \t   ^", DiagnosticReporter.format(ERROR));
    }

    @Test
    void withoutASourceLineOnlyTheHeadline() {
        Diagnostic d = new Diagnostic(Diagnostic.Severity.ERROR, "/w/A.java", 1, 1, "not readable", "");
        assertEquals("/w/A.java:[1,1] not readable", DiagnosticReporter.format(d));
    }

    @Test
    void errorsAndWarningsGoToTheirLevelsAndBecomeMarkersInAnIde() {
        RecordingLog log = new RecordingLog();
        RecordingBuildContext ide = new RecordingBuildContext();

        new DiagnosticReporter(log, ide).report(List.of(ERROR, WARNING));

        assertEquals("[ERROR] " + DiagnosticReporter.format(ERROR), log.lines.get(0));
        assertEquals("[WARNING] " + DiagnosticReporter.format(WARNING), log.lines.get(1));
        assertEquals(List.of(
                new RecordingBuildContext.Marker(new File("/w/src/A.java"), 12, 9, "unknown directive 'paralel'",
                        BuildContext.SEVERITY_ERROR),
                new RecordingBuildContext.Marker(new File("/w/src/B.java"), 3, 1, "'x' is shared",
                        BuildContext.SEVERITY_WARNING)), ide.markers);
    }

    @Test
    void onTheCommandLineTheDefaultContextIsNotAskedToLogTwice() {
        RecordingLog log = new RecordingLog();
        // DefaultBuildContext has no logger outside a container: telling it would throw.
        new DiagnosticReporter(log, new DefaultBuildContext()).report(List.of(ERROR));
        assertEquals(1, log.lines.size());
    }
}
