package org.jomp.translator.rewrite.mpi;

import org.jomp.translator.directive.Expr;

/**
 * A variable or array slice named by an {@code //mpi} collective.
 *
 * @param expr     as written, for positions
 * @param variable the variable's name
 * @param type     its declared type
 * @param ref      how it reads at the directive
 * @param from     the first element of a slice (rendered), or null for the whole variable
 * @param to       one past the last element of a slice, or null
 */
record Item(Expr expr, String variable, String type, String ref, String from, String to) {

    boolean slice() {
        return from != null;
    }

    /** The first element moved. */
    String offset() {
        return slice() ? "(" + from + ")" : "0";
    }

    /** Elements moved: the slice's length or the whole array's. */
    String count() {
        return slice() ? "(" + to + ") - (" + from + ")" : ref + ".length";
    }

    int line() {
        return expr.line();
    }

    int column() {
        return expr.column();
    }
}
