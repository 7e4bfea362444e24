package org.jomp.translator;

/**
 * One error or warning, positioned in the original source.
 *
 * @param line       1-based line
 * @param column     1-based column (a tab counts as one column)
 * @param sourceLine the text of that line, without its terminator
 */
public record Diagnostic(Severity severity, String path, int line, int column, String message, String sourceLine) {

    public enum Severity { ERROR, WARNING }

    /** {@code File.java:12:9: error: <message>}, then the source line and a caret under the column. */
    public String format() {
        StringBuilder caret = new StringBuilder();
        // Keep tabs from the source line so the caret lines up however the terminal expands them.
        for (int i = 0; i < column - 1 && i < sourceLine.length(); i++) {
            caret.append(sourceLine.charAt(i) == '\t' ? '\t' : ' ');
        }
        for (int i = sourceLine.length(); i < column - 1; i++) {
            caret.append(' ');
        }
        caret.append('^');
        String kind = severity == Severity.ERROR ? "error" : "warning";
        return path + ":" + line + ":" + column + ": " + kind + ": " + message + "\n" + sourceLine + "\n" + caret;
    }
}
