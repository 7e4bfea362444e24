package org.jomp.translator.diag;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jomp.translator.Diagnostic;

/**
 * One expectation of a diagnostics case, read from its leading comment lines:
 * {@code // expect: error 7:23 "unknown clause" "shedule"}. Line and column must match exactly; every quoted phrase
 * must occur in the message, ignoring case, so the wording stays the translator's while what and where are checked.
 */
record ExpectedDiagnostic(Diagnostic.Severity severity, int line, int column, List<String> phrases) {

    private static final Pattern HEADER = Pattern.compile(
            "//\\s*expect:\\s*(error|warning)\\s+(\\d+):(\\d+)((?:\\s+\"[^\"]*\")+)\\s*");
    private static final Pattern PHRASE = Pattern.compile("\"([^\"]*)\"");

    /** The expectations at the top of a case; a case without any is a mistake in the suite. */
    static List<ExpectedDiagnostic> parseAll(String fileName, String source) {
        List<ExpectedDiagnostic> all = new ArrayList<>();
        String[] lines = source.split("\n", -1);
        for (int i = 0; i < lines.length && lines[i].startsWith("// expect:"); i++) {
            Matcher m = HEADER.matcher(lines[i]);
            if (!m.matches()) {
                throw new IllegalArgumentException(fileName + ":" + (i + 1) + ": malformed expectation: " + lines[i]);
            }
            List<String> phrases = new ArrayList<>();
            Matcher p = PHRASE.matcher(m.group(4));
            while (p.find()) {
                phrases.add(p.group(1));
            }
            all.add(new ExpectedDiagnostic(Diagnostic.Severity.valueOf(m.group(1).toUpperCase(Locale.ROOT)),
                    Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)), phrases));
        }
        if (all.isEmpty()) {
            throw new IllegalArgumentException(fileName + ": no '// expect:' line at the top");
        }
        return all;
    }

    boolean matches(Diagnostic d) {
        if (d.severity() != severity || d.line() != line || d.column() != column) {
            return false;
        }
        String message = d.message().toLowerCase(Locale.ROOT);
        return phrases.stream().allMatch(p -> message.contains(p.toLowerCase(Locale.ROOT)));
    }

    @Override
    public String toString() {
        return severity.name().toLowerCase(Locale.ROOT) + " at " + line + ":" + column + " mentioning " + phrases;
    }
}
