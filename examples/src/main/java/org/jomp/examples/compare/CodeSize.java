package org.jomp.examples.compare;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Code size of one parallel variant against its sequential version, as the CCJ paper counts it (Nelisse et al.,
 * "CCJ: object-based message passing and collective communication in Java", 2003): lines and bytes without comments
 * and blank lines, and how many of those lines are parallelism-related. A line is parallelism-related when it is not
 * part of a longest common subsequence of the variant's code lines and the sequential version's code lines; before
 * comparing, the variant's class name reads as the sequential class's name and qualified references
 * {@code Sequential.member} read as {@code member}, so renaming the class or calling the sequential kernel is not
 * counted as parallel code.
 *
 * @param lines code lines ({@link SourceLines})
 * @param bytes UTF-8 bytes of those lines, each with one line break
 * @param parallelLines lines not matched in the sequential version
 */
public record CodeSize(int lines, long bytes, int parallelLines) {

    public double parallelShare() {
        return lines == 0 ? 0 : (double) parallelLines / lines;
    }

    /** Counts variant (class variantClass) against sequential (class sequentialClass). */
    public static CodeSize of(String variant, String variantClass, String sequential, String sequentialClass) {
        List<String> mine = SourceLines.of(variant);
        long bytes = 0;
        for (String line : mine) {
            bytes += line.getBytes(StandardCharsets.UTF_8).length + 1;
        }
        Pattern ownName = Pattern.compile("\\b" + Pattern.quote(variantClass) + "\\b");
        Pattern qualified = Pattern.compile("\\b" + Pattern.quote(sequentialClass) + "\\.");
        String[] a = mine.stream()
                .map(l -> qualified.matcher(ownName.matcher(l).replaceAll(Matcher.quoteReplacement(sequentialClass)))
                        .replaceAll(""))
                .toArray(String[]::new);
        String[] b = SourceLines.of(sequential).stream()
                .map(l -> qualified.matcher(l).replaceAll(""))
                .toArray(String[]::new);
        return new CodeSize(mine.size(), bytes, mine.size() - commonSubsequence(a, b));
    }

    /** Length of a longest common subsequence (the classic dynamic programme, two rows). */
    static int commonSubsequence(String[] a, String[] b) {
        int[] previous = new int[b.length + 1];
        int[] current = new int[b.length + 1];
        for (String x : a) {
            for (int j = 1; j <= b.length; j++) {
                current[j] = x.equals(b[j - 1]) ? previous[j - 1] + 1 : Math.max(previous[j], current[j - 1]);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length];
    }
}
