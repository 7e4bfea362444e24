package org.jomp.translator.source;

import com.github.javaparser.Position;
import com.github.javaparser.Range;
import com.github.javaparser.ast.Node;

import java.util.ArrayList;
import java.util.List;

/** The original text of a file with its line table: maps JavaParser positions to offsets and back. */
public final class SourceText {

    private final String text;
    private final int[] lineStarts;

    public SourceText(String text) {
        this.text = text;
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                i++;
                starts.add(i + 1);
            } else if (c == '\n' || c == '\r') {
                starts.add(i + 1);
            }
        }
        lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
    }

    public String text() {
        return text;
    }

    public int lineCount() {
        return lineStarts.length;
    }

    /** Offset of a 1-based line and column. */
    public int offset(int line, int column) {
        return lineStarts[line - 1] + column - 1;
    }

    public int offset(Position p) {
        return offset(p.line, p.column);
    }

    /** Offset of the first character of a node. */
    public int begin(Node n) {
        return offset(range(n).begin);
    }

    /** Offset just past the last character of a node. */
    public int end(Node n) {
        return offset(range(n).end) + 1;
    }

    public static Range range(Node n) {
        return n.getRange().orElseThrow(() -> new IllegalStateException("node without a position: " + n));
    }

    public String slice(int start, int end) {
        return text.substring(start, end);
    }

    public String text(Node n) {
        return slice(begin(n), end(n));
    }

    /** The text of a 1-based line without its terminator. */
    public String line(int line) {
        if (line < 1 || line > lineStarts.length) {
            return "";
        }
        int start = lineStarts[line - 1];
        int end = line < lineStarts.length ? lineStarts[line] : text.length();
        while (end > start && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) {
            end--;
        }
        return text.substring(start, end);
    }

    /** 1-based line of an offset. */
    public int lineOf(int offset) {
        int lo = 0;
        int hi = lineStarts.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (lineStarts[mid] <= offset) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo + 1;
    }

    public int columnOf(int offset) {
        return offset - lineStarts[lineOf(offset) - 1] + 1;
    }

    /** The leading blanks of a line, to indent generated code like its neighbours. */
    public String indentOf(int line) {
        String l = line(line);
        int i = 0;
        while (i < l.length() && (l.charAt(i) == ' ' || l.charAt(i) == '\t')) {
            i++;
        }
        return l.substring(0, i);
    }
}
