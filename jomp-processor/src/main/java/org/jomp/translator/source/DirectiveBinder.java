package org.jomp.translator.source;

import com.github.javaparser.Position;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.comments.LineComment;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.YieldStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.LocalRecordDeclarationStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import org.jomp.translator.TranslationException;
import org.jomp.translator.directive.Directive;
import org.jomp.translator.directive.DirectiveKind;
import org.jomp.translator.directive.DirectiveParser;
import org.jomp.translator.directive.mpi.MpiDirectiveParser;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Binds each {@code //omp} and {@code //mpi} comment by source position to the first statement that begins after it in
 * the innermost node around it (a block, a switch entry, or a statement such as {@code if} whose body follows the
 * comment). Stacked directives (a {@code //omp parallel} line over a {@code //omp for} line) bind to the same
 * statement, outer first.
 */
public final class DirectiveBinder {

    private DirectiveBinder() {
    }

    public static List<Placement> bind(JavaSource source, Consumer<TranslationException> errors) {
        List<Placement> placements = new ArrayList<>();
        for (LineComment comment : source.lineComments()) {
            String content = comment.getContent();
            boolean mpi = MpiDirectiveParser.isDirective(content);
            if (!mpi && !DirectiveParser.isDirective(content)) {
                continue;
            }
            Position at = comment.getRange().orElseThrow().begin;
            try {
                Directive d = mpi ? MpiDirectiveParser.parse(content, at.line, at.column)
                        : DirectiveParser.parse(content, at.line, at.column);
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
            if (kind != DirectiveKind.THREADPRIVATE && kind != DirectiveKind.DECLARE_REDUCTION) {
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
            checkReachable(container, at, kind);
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
        if (next instanceof ExpressionStmt es && es.getExpression() instanceof VariableDeclarationExpr v
                || next instanceof LocalClassDeclarationStmt || next instanceof LocalRecordDeclarationStmt) {
            var begin = next.getBegin().get();
            String what = next instanceof ExpressionStmt es2
                    ? "the declaration of '" + ((VariableDeclarationExpr) es2.getExpression()).getVariable(0)
                    .getNameAsString() + "'" : "a class declaration";
            throw new TranslationException(begin.line, begin.column, "'" + kind.text() + "' must be followed by a"
                    + " statement, not " + what + " (a construct around it would hide it from the code after it)");
        }
        return new Placement(d, comment, container, next);
    }

    /** A stand-alone directive right after a jump would become an unreachable statement. */
    private static void checkReachable(Node container, Position at, DirectiveKind kind) {
        Statement previous = null;
        for (Node child : container.getChildNodes()) {
            if (child instanceof Statement s && s.getEnd().isPresent() && s.getEnd().get().isBefore(at)) {
                previous = s;
            }
        }
        if (previous instanceof ReturnStmt || previous instanceof ThrowStmt || previous instanceof BreakStmt
                || previous instanceof ContinueStmt || previous instanceof YieldStmt) {
            throw new TranslationException(at.line, at.column, "'" + kind.text() + "' is unreachable: it follows a "
                    + "statement that never completes normally");
        }
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
