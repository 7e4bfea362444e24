package org.jomp.translator.source;

import com.github.javaparser.Position;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.comments.LineComment;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import org.jomp.translator.TranslationException;
import org.jomp.translator.directive.Directive;
import org.jomp.translator.directive.DirectiveKind;
import org.jomp.translator.directive.DirectiveParser;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Binds each {@code //omp} comment by source position to the first statement that begins after it in the innermost
 * node around it (a block, a switch entry, or a statement such as {@code if} whose body follows the comment).
 * Stacked directives (a {@code //omp parallel} line over a {@code //omp for} line) bind to the same statement, outer
 * first.
 */
public final class DirectiveBinder {

    private DirectiveBinder() {
    }

    public static List<Placement> bind(JavaSource source, Consumer<TranslationException> errors) {
        List<Placement> placements = new ArrayList<>();
        for (LineComment comment : source.lineComments()) {
            String content = comment.getContent();
            if (!DirectiveParser.isDirective(content)) {
                continue;
            }
            Position at = comment.getRange().orElseThrow().begin;
            try {
                Directive d = DirectiveParser.parse(content, at.line, at.column);
                placements.add(place(source, d, comment, at));
            } catch (TranslationException e) {
                errors.accept(e);
            }
        }
        return placements;
    }

    private static Placement place(JavaSource source, Directive d, LineComment comment, Position at) {
        Node container = innermost(source.unit(), at);
        DirectiveKind kind = d.kind();
        if (container instanceof TypeDeclaration<?>) {
            if (kind != DirectiveKind.THREADPRIVATE) {
                throw new TranslationException(at.line, at.column,
                        "'" + kind.text() + "' must be inside a method body");
            }
            return new Placement(d, comment, container, null);
        }
        boolean inBlock = container instanceof BlockStmt || container instanceof SwitchEntry;
        if (kind == DirectiveKind.THREADPRIVATE) {
            throw new TranslationException(at.line, at.column,
                    "'threadprivate' must stand among the fields of a class, not inside a method");
        }
        if (kind.standalone()) {
            if (!inBlock) {
                throw new TranslationException(at.line, at.column, "'" + kind.text()
                        + "' must stand between statements of a block, not as the body of another statement");
            }
            return new Placement(d, comment, container, null);
        }
        Statement next = null;
        if (container instanceof Statement || container instanceof SwitchEntry) {
            for (Node child : container.getChildNodes()) {
                if (child instanceof Statement s && s.getBegin().isPresent() && s.getBegin().get().isAfter(at)
                        && (next == null || s.getBegin().get().isBefore(next.getBegin().get()))) {
                    next = s;
                }
            }
        }
        if (next == null) {
            throw new TranslationException(at.line, at.column,
                    "directive '" + kind.text() + "' has no statement after it");
        }
        return new Placement(d, comment, container, next);
    }

    /** The innermost node whose range contains the position (comments are not nodes here). */
    private static Node innermost(Node root, Position at) {
        Node node = root;
        descend:
        while (true) {
            for (Node child : node.getChildNodes()) {
                if (child.getRange().isPresent() && child.getRange().get().contains(at)) {
                    node = child;
                    continue descend;
                }
            }
            return node;
        }
    }
}
