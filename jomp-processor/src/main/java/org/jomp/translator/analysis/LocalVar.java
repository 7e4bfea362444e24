package org.jomp.translator.analysis;

import com.github.javaparser.ast.Node;

/**
 * A local variable or parameter visible at some point.
 *
 * @param name        its name
 * @param type        its declared type as written ({@code var} when inferred)
 * @param declaration the declarator or parameter
 * @param scope       the node within which it is visible (block, method, lambda, loop, catch clause)
 * @param initialized whether it gets a value where it is declared (initializer, parameter, loop variable)
 */
public record LocalVar(String name, String type, Node declaration, Node scope, boolean initialized) {
}
