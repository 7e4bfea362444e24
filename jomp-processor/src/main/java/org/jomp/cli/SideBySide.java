package org.jomp.cli;

import java.util.List;

/** The original and the translated text side by side, line by line, with line numbers. */
final class SideBySide {

    private static final int MAX_LEFT = 72;

    private SideBySide() {
    }

    static String render(String original, String translated) {
        List<String> left = original.lines().toList();
        List<String> right = translated.lines().toList();
        int rows = Math.max(left.size(), right.size());
        int width = Math.min(MAX_LEFT, left.stream().mapToInt(l -> expand(l).length()).max().orElse(0));
        int digits = Integer.toString(rows).length();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < rows; i++) {
            String l = i < left.size() ? expand(left.get(i)) : "";
            String r = i < right.size() ? expand(right.get(i)) : "";
            String mark = l.equals(r) ? " | " : " > ";
            if (l.length() > width) {
                l = l.substring(0, width - 1) + "…";
            }
            sb.append(String.format("%" + digits + "d ", i + 1)).append(l).append(" ".repeat(width - l.length()))
                    .append(mark).append(r.stripTrailing()).append('\n');
        }
        return sb.toString();
    }

    private static String expand(String line) {
        return line.replace("\t", "    ");
    }
}
