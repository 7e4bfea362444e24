package org.jomp.maven;

import java.io.File;
import java.util.List;

import org.apache.maven.plugin.logging.Log;
import org.jomp.translator.Diagnostic;
import org.sonatype.plexus.build.incremental.BuildContext;
import org.sonatype.plexus.build.incremental.DefaultBuildContext;

/**
 * Reports translation diagnostics the way maven-compiler-plugin reports javac's, so IDE consoles and CI log parsers
 * link them to the source: {@code [ERROR] /abs/path/File.java:[12,9] message}, followed by the source line and a
 * caret under the column. In an IDE the same diagnostics also become problem markers through the
 * {@link BuildContext}; on the command line the context is plexus's {@link DefaultBuildContext}, which would only log
 * each message a second time in another format, so it is not told.
 */
final class DiagnosticReporter {

    private final Log log;
    private final BuildContext buildContext;

    DiagnosticReporter(Log log, BuildContext buildContext) {
        this.log = log;
        this.buildContext = buildContext;
    }

    void report(List<Diagnostic> diagnostics) {
        boolean markers = buildContext.getClass() != DefaultBuildContext.class;
        for (Diagnostic d : diagnostics) {
            String text = format(d);
            if (d.severity() == Diagnostic.Severity.ERROR) {
                log.error(text);
            } else {
                log.warn(text);
            }
            if (markers) {
                int severity = d.severity() == Diagnostic.Severity.ERROR
                        ? BuildContext.SEVERITY_ERROR : BuildContext.SEVERITY_WARNING;
                buildContext.addMessage(new File(d.path()), d.line(), d.column(), d.message(), severity, null);
            }
        }
    }

    /** The compiler plugin's {@code path:[line,column] message}, then the source line and a caret when known. */
    static String format(Diagnostic d) {
        String head = headline(d);
        if (d.sourceLine() == null || d.sourceLine().isEmpty()) {
            return head;
        }
        StringBuilder caret = new StringBuilder();
        // Tabs are kept so that the caret lines up however the console expands them.
        for (int i = 0; i < d.column() - 1; i++) {
            caret.append(i < d.sourceLine().length() && d.sourceLine().charAt(i) == '\t' ? '\t' : ' ');
        }
        return head + System.lineSeparator() + d.sourceLine() + System.lineSeparator() + caret + '^';
    }

    /** The first line alone: {@code /abs/path/File.java:[12,9] message}. */
    static String headline(Diagnostic d) {
        return d.path() + ":[" + d.line() + "," + d.column() + "] " + d.message();
    }
}
