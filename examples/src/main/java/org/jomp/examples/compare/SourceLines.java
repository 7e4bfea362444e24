package org.jomp.examples.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * The code lines of a Java source file, as the comparison counts them (docs/results.md, "How code is counted"):
 * comments are removed except JOMP directive comments (a line comment starting {@code //omp} or {@code //mpi}, which
 * is the parallel program's code), string, character and text-block literals are left alone, every line is trimmed
 * and runs of blanks inside it are made one space, and lines left empty are dropped.
 */
public final class SourceLines {
    private SourceLines() {
    }

    public static List<String> of(String source) {
        StringBuilder code = new StringBuilder(source.length());
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            if (source.startsWith("\"\"\"", i)) {
                i = copyTextBlock(source, i, code);
            } else if (c == '"' || c == '\'') {
                i = copyQuoted(source, i, c, code);
            } else if (source.startsWith("//", i)) {
                int end = source.indexOf('\n', i);
                end = end < 0 ? n : end;
                if (isDirective(source, i)) {
                    code.append(source, i, end);
                }
                i = end;
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                if (end < 0) {
                    throw new IllegalArgumentException("unterminated comment starting at line " + lineOf(source, i));
                }
                // Keep the comment's line breaks so the lines around it stay apart.
                for (int k = i; k < end; k++) {
                    if (source.charAt(k) == '\n') {
                        code.append('\n');
                    }
                }
                code.append(' ');
                i = end + 2;
            } else {
                code.append(c);
                i++;
            }
        }
        List<String> lines = new ArrayList<>();
        for (String line : code.toString().split("\n", -1)) {
            String normal = line.strip().replaceAll("\\s+", " ");
            if (!normal.isEmpty()) {
                lines.add(normal);
            }
        }
        return lines;
    }

    /** A directive comment: {@code //omp} or {@code //mpi} followed by a blank or the end of the line. */
    static boolean isDirective(String source, int at) {
        for (String prefix : new String[] {"//omp", "//mpi"}) {
            if (source.startsWith(prefix, at)) {
                int after = at + prefix.length();
                return after == source.length() || Character.isWhitespace(source.charAt(after));
            }
        }
        return false;
    }

    private static int copyQuoted(String source, int start, char quote, StringBuilder code) {
        int i = start + 1;
        while (i < source.length() && source.charAt(i) != quote) {
            if (source.charAt(i) == '\n') {
                throw new IllegalArgumentException("unterminated literal at line " + lineOf(source, start));
            }
            i += source.charAt(i) == '\\' ? 2 : 1;
        }
        if (i >= source.length()) {
            throw new IllegalArgumentException("unterminated literal at line " + lineOf(source, start));
        }
        code.append(source, start, i + 1);
        return i + 1;
    }

    private static int copyTextBlock(String source, int start, StringBuilder code) {
        int i = start + 3;
        while (i < source.length() && !source.startsWith("\"\"\"", i)) {
            i += source.charAt(i) == '\\' ? 2 : 1;
        }
        if (i >= source.length()) {
            throw new IllegalArgumentException("unterminated text block at line " + lineOf(source, start));
        }
        code.append(source, start, i + 3);
        return i + 3;
    }

    private static int lineOf(String source, int at) {
        int line = 1;
        for (int k = 0; k < at; k++) {
            if (source.charAt(k) == '\n') {
                line++;
            }
        }
        return line;
    }
}
