package org.jomp.translator.directive;

/** A Java expression written inside a clause, with the position of its first character. */
public record Expr(String text, int line, int column) {

    /** The value when the expression is an integer literal, else null. */
    public Long literalValue() {
        String t = text.strip().replace("_", "");
        if (t.endsWith("L") || t.endsWith("l")) {
            t = t.substring(0, t.length() - 1);
        }
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
