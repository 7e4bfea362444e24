package org.jomp.translator.source;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.comments.LineComment;
import com.github.javaparser.ast.stmt.Statement;
import org.jomp.translator.directive.Directive;

/**
 * Where a directive stands.
 *
 * @param directive the parsed directive
 * @param comment   its {@code //omp} comment; null for an annotation, which always has a statement
 * @param container the innermost node around the comment: a block, a switch entry, another statement whose body
 *                  follows, or a type declaration (threadprivate)
 * @param statement the statement it applies to; null for stand-alone directives
 */
public record Placement(Directive directive, LineComment comment, Node container, Statement statement) {
}
