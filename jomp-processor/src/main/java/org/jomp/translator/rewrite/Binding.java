package org.jomp.translator.rewrite;

/**
 * What a variable name stands for inside a construct after translation.
 *
 * @param text             the Java text that replaces the name: a private copy ({@code sum$}) or a holder cell
 *                         ({@code sum$shared[0]})
 * @param type             the variable's type as written
 * @param holder           true for a holder cell, which a lambda may assign
 * @param effectivelyFinal true when a lambda may capture the copy as it is
 */
public record Binding(String text, String type, boolean holder, boolean effectivelyFinal) {

    public static Binding copy(String name, String type, boolean effectivelyFinal) {
        return new Binding(name, type, false, effectivelyFinal);
    }

    public static Binding holder(String arrayName, String type) {
        return new Binding(arrayName + "[0]", type, true, true);
    }
}
