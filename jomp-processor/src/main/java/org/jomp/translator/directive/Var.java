package org.jomp.translator.directive;

/**
 * A variable named in a clause. JOMP 1.0b lets the clause give the type ({@code reduction(+:double error)});
 * {@code type} is then its text, else null.
 */
public record Var(String type, String name, int line, int column) {
}
