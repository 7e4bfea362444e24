package org.jomp.translator.directive;

import org.jomp.translator.TranslationException;

import java.util.regex.Pattern;

/**
 * The lexical layer shared by the {@code //omp} and {@code //mpi} parsers: a cursor over one comment's text, and
 * errors positioned at the character they are about (line of the comment, column of the character).
 */
public abstract class DirectiveScanner {

    /** A Java identifier: a variable, a declared reduction's name. */
    protected static final Pattern IDENTIFIER =
            Pattern.compile("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*");

    /** The comment's text after {@code //}. */
    protected final String text;
    protected final int line;
    /** Column of the comment's first {@code /}. */
    protected final int column;
    /** The cursor: an index into {@link #text}. */
    protected int pos;

    protected DirectiveScanner(String content, int line, int column) {
        this.text = content;
        this.line = line;
        this.column = column;
    }

    /** True when a line comment's text (after {@code //}) is a directive of {@code sentinel} ("omp", "mpi"). */
    protected static boolean startsWithSentinel(String content, String sentinel) {
        int n = sentinel.length();
        return content.startsWith(sentinel) && (content.length() == n || Character.isWhitespace(content.charAt(n)));
    }

    /** The column of index {@code index} of the text. */
    protected final int col(int index) {
        return column + 2 + index;
    }

    protected final TranslationException error(int index, String message) {
        return new TranslationException(line, col(index), message);
    }

    /** A clause's expression, positioned at its first non-blank character; pasted into code as it is. */
    protected final Expr expr(String s, int start, String clause) {
        if (s.isBlank()) {
            throw error(start, "missing expression in '" + clause + "'");
        }
        int comment = lineComment(s);
        if (comment >= 0) {
            throw error(start + comment, "'//' in the expression of '" + clause + "': the directive is itself a line"
                    + " comment, so a comment cannot end inside it");
        }
        return new Expr(s.strip(), line, col(start + leading(s)));
    }

    /** Index of a {@code //} outside string and char literals, or -1: pasted into code it would swallow the line. */
    private static int lineComment(String s) {
        char quote = 0;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (quote != 0) {
                if (ch == '\\') {
                    i++;
                } else if (ch == quote) {
                    quote = 0;
                }
            } else if (ch == '"' || ch == '\'') {
                quote = ch;
            } else if (ch == '/' && i + 1 < s.length() && s.charAt(i + 1) == '/') {
                return i;
            }
        }
        return -1;
    }

    /** Index of the first {@code wanted} outside brackets (a {@code ::} is not a {@code :}), or -1. */
    protected static int topLevel(String s, char wanted) {
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '(' || ch == '[' || ch == '{') {
                depth++;
            } else if (ch == ')' || ch == ']' || ch == '}') {
                depth--;
            } else if (ch == wanted && depth == 0) {
                if (wanted == ':' && i + 1 < s.length() && s.charAt(i + 1) == ':') {
                    i++;
                    continue;
                }
                return i;
            }
        }
        return -1;
    }

    /** Number of blanks at the start of {@code s}. */
    protected static int leading(String s) {
        int i = 0;
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /** Reads a parenthesised argument starting at '(' and returns its inside; pos moves past ')'. */
    protected final String parens(String clause) {
        int open = pos;
        int depth = 0;
        char quote = 0;
        for (int i = open; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (quote != 0) {
                if (ch == '\\') {
                    i++;
                } else if (ch == quote) {
                    quote = 0;
                }
            } else if (ch == '"' || ch == '\'') {
                quote = ch;
            } else if (ch == '(') {
                depth++;
            } else if (ch == ')') {
                depth--;
                if (depth == 0) {
                    pos = i + 1;
                    return text.substring(open + 1, i);
                }
            }
        }
        throw error(open, "missing ')' in '" + clause + "'");
    }

    /** The character at the cursor, or -1 at the end. */
    protected final int at() {
        return pos < text.length() ? text.charAt(pos) : -1;
    }

    protected final void skipBlanks() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }
}
