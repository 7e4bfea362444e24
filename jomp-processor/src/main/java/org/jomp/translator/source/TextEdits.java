package org.jomp.translator.source;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Line-preserving edits on the original text. Insertions never contain a line break; a replacement keeps the line
 * breaks of the text it replaces (they are appended after the new text), so every original line stays on its
 * number and javac errors and stack traces point at the user's lines. Edits are applied in one pass from the
 * start; they must not overlap, apart from insertions at the boundaries of a replacement.
 */
public final class TextEdits {

    /** An edit of [start, end); {@code order} sorts insertions at one offset (smaller first). */
    private record Edit(int start, int end, String text, int order, int seq) {
    }

    private final SourceText source;
    private final List<Edit> edits = new ArrayList<>();
    private final List<int[]> replaced = new ArrayList<>();

    public TextEdits(SourceText source) {
        this.source = source;
    }

    public void insert(int offset, String text, int order) {
        checkSingleLine(text);
        edits.add(new Edit(offset, offset, text, order, edits.size()));
    }

    public void replace(int start, int end, String text) {
        checkSingleLine(text);
        edits.add(new Edit(start, end, text, 0, edits.size()));
        replaced.add(new int[] {start, end});
    }

    /** True when [start, end) lies inside a range that some edit replaces (so its text is not copied as is). */
    public boolean isReplaced(int start, int end) {
        for (int[] r : replaced) {
            if (start >= r[0] && end <= r[1]) {
                return true;
            }
        }
        return false;
    }

    public boolean isEmpty() {
        return edits.isEmpty();
    }

    public String apply() {
        String text = source.text();
        List<Edit> sorted = new ArrayList<>(edits);
        sorted.sort(Comparator.comparingInt(Edit::start)
                .thenComparingInt(e -> e.end() == e.start() ? 0 : 1)
                .thenComparingInt(Edit::order)
                .thenComparingInt(Edit::seq));
        StringBuilder out = new StringBuilder(text.length() + 256);
        int pos = 0;
        for (Edit e : sorted) {
            if (e.start() < pos) {
                throw new IllegalStateException("overlapping edits at line " + source.lineOf(e.start()));
            }
            out.append(text, pos, e.start());
            out.append(e.text());
            appendLineBreaks(out, text, e.start(), e.end());
            pos = e.end();
        }
        out.append(text, pos, text.length());
        return out.toString();
    }

    private static void appendLineBreaks(StringBuilder out, String text, int start, int end) {
        for (int i = start; i < end; i++) {
            char c = text.charAt(i);
            if (c == '\r' && i + 1 < end && text.charAt(i + 1) == '\n') {
                out.append("\r\n");
                i++;
            } else if (c == '\n' || c == '\r') {
                out.append(c);
            }
        }
    }

    private static void checkSingleLine(String text) {
        if (text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("an edit must not add a line break: " + text);
        }
    }
}
