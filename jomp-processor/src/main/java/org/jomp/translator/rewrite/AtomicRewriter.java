package org.jomp.translator.rewrite;

import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import org.jomp.translator.analysis.JavaTypes;
import org.jomp.translator.analysis.LocalVar;
import org.jomp.translator.analysis.Scopes;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code //omp atomic [read|write|update|capture]}: on an element of a primitive array, or on a shared local kept in
 * a holder cell, the statement becomes one {@code Atomic} operation on the array element ({@code VarHandle}
 * based: getAndAdd, addAndGet, update with an operator, read, write). On any other location (a field, an object)
 * it runs under the lock that all such atomic constructs share: {@code Atomic.lock(); try { ... } finally
 * { Atomic.unlock(); }}.
 */
final class AtomicRewriter {


    private final Construct c;
    private final RewriteContext ctx;

    /** An array element: the array, the index, the element type. */
    private record Cell(String array, String index, String type) {
    }

    AtomicRewriter(Construct c, RewriteContext ctx) {
        this.c = c;
        this.ctx = ctx;
    }

    void rewrite() {
        if (!(c.statement() instanceof ExpressionStmt es)) {
            throw RewriteContext.error(c.statement(), "'atomic' must be followed by an expression statement such as"
                    + " x += 1;");
        }
        Expression e = es.getExpression();
        String kind = c.directive().argument();
        Expression location = location(e, kind);
        Optional<Cell> cell = cell(location);
        String code = cell.map(value -> operation(e, kind, value)).orElse(null);
        if (code == null) {
            String atomic = ctx.rt("Atomic");
            ctx.open(ctx.text().begin(es), atomic + ".lock(); try { ", c);
            ctx.close(ctx.text().end(es), " } finally { " + atomic + ".unlock(); }", c);
            return;
        }
        ctx.edits().replace(ctx.text().begin(e), ctx.text().end(e), code);
    }

    /** The shared location of the statement, checking that it has the form its kind requires. */
    private Expression location(Expression e, String kind) {
        switch (kind) {
            case "read" -> {
                if (e instanceof AssignExpr a && a.getOperator() == AssignExpr.Operator.ASSIGN
                        && isLocation(a.getValue())) {
                    return a.getValue();
                }
                throw RewriteContext.error(e, "'atomic read' needs the form v = x;");
            }
            case "write" -> {
                if (e instanceof AssignExpr a && a.getOperator() == AssignExpr.Operator.ASSIGN) {
                    return a.getTarget();
                }
                throw RewriteContext.error(e, "'atomic write' needs the form x = expression;");
            }
            case "capture" -> {
                if (e instanceof AssignExpr a && a.getOperator() == AssignExpr.Operator.ASSIGN) {
                    Expression x = updated(a.getValue());
                    if (x != null) {
                        return x;
                    }
                }
                throw RewriteContext.error(e, "'atomic capture' needs the form v = x++; v = ++x; or v = x op= e;");
            }
            default -> {
                Expression x = updated(e);
                if (x == null) {
                    throw RewriteContext.error(e, "'atomic update' needs the form x++; x op= e; or x = x op e;");
                }
                return x;
            }
        }
    }

    /** The location an update expression changes, or null when it is not one. */
    private static Expression updated(Expression e) {
        if (e instanceof UnaryExpr u && Scopes.isIncDec(u) && isLocation(u.getExpression())) {
            return u.getExpression();
        }
        if (e instanceof AssignExpr a && a.getOperator() != AssignExpr.Operator.ASSIGN && isLocation(a.getTarget())) {
            return a.getTarget();
        }
        if (e instanceof AssignExpr a && a.getOperator() == AssignExpr.Operator.ASSIGN
                && a.getValue() instanceof BinaryExpr b && isLocation(a.getTarget())
                && (b.getLeft().equals(a.getTarget()) || b.getRight().equals(a.getTarget()))) {
            return a.getTarget();
        }
        return null;
    }

    private static boolean isLocation(Expression e) {
        return e instanceof NameExpr || e instanceof ArrayAccessExpr
                || e instanceof com.github.javaparser.ast.expr.FieldAccessExpr;
    }

    /** The array element behind a location, when it is one of a primitive array or a holder cell. */
    private Optional<Cell> cell(Expression x) {
        if (x instanceof NameExpr n) {
            Binding b = ctx.lookup(n.getNameAsString(), n, Integer.MAX_VALUE);
            if (b != null && b.holder() && JavaTypes.isPrimitive(b.type())) {
                return Optional.of(new Cell(b.text().substring(0, b.text().length() - 3), "0", b.type()));
            }
            return Optional.empty();
        }
        if (x instanceof ArrayAccessExpr a && a.getName() instanceof NameExpr array) {
            String name = array.getNameAsString();
            Optional<String> type = Scopes.visibleLocals(a).values().stream()
                    .filter(v -> v.name().equals(name)).map(LocalVar::type).findFirst();
            if (type.isEmpty()) {
                type = Scopes.fieldType(a, name);
            }
            if (type.isPresent() && type.get().endsWith("[]")) {
                String element = type.get().substring(0, type.get().length() - 2).strip();
                if (JavaTypes.isPrimitive(element)) {
                    return Optional.of(new Cell(render(array), render(a.getIndex()), element));
                }
            }
        }
        return Optional.empty();
    }

    /** The Atomic call for the statement, or null when only the lock can do it. */
    private String operation(Expression e, String kind, Cell cell) {
        String atomic = ctx.rt("Atomic");
        String args = cell.array() + ", " + cell.index();
        switch (kind) {
            case "read" -> {
                AssignExpr a = (AssignExpr) e;
                return render(a.getTarget()) + " = " + atomic + ".read(" + args + ")";
            }
            case "write" -> {
                AssignExpr a = (AssignExpr) e;
                return atomic + ".write(" + args + ", " + cast(cell, render(a.getValue())) + ")";
            }
            case "capture" -> {
                AssignExpr a = (AssignExpr) e;
                String update = update(a.getValue(), cell, true);
                return update == null ? null : render(a.getTarget()) + " = " + update;
            }
            default -> {
                return update(e, cell, false);
            }
        }
    }

    /** The call performing an update; {@code capture} asks for the value the expression has in Java. */
    private String update(Expression e, Cell cell, boolean capture) {
        String atomic = ctx.rt("Atomic");
        String args = cell.array() + ", " + cell.index();
        boolean numeric = !cell.type().equals("boolean");
        if (e instanceof UnaryExpr u && numeric) {
            boolean increment = u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT
                    || u.getOperator() == UnaryExpr.Operator.POSTFIX_INCREMENT;
            boolean prefix = u.isPrefix();
            return atomic + (prefix || !capture ? ".addAndGet(" : ".getAndAdd(") + args + ", "
                    + cast(cell, increment ? "1" : "-1") + ")";
        }
        AssignExpr a = (AssignExpr) e;
        if (numeric && (a.getOperator() == AssignExpr.Operator.PLUS || a.getOperator() == AssignExpr.Operator.MINUS)) {
            String delta = render(a.getValue());
            delta = a.getOperator() == AssignExpr.Operator.MINUS ? "-(" + delta + ")" : delta;
            return atomic + ".addAndGet(" + args + ", " + cast(cell, delta) + ")";
        }
        String op;
        String operand;
        boolean xOnLeft = true;
        if (a.getOperator() != AssignExpr.Operator.ASSIGN) {
            op = a.getOperator().toBinaryOperator().map(BinaryExpr.Operator::asString).orElse(null);
            operand = render(a.getValue());
        } else {
            BinaryExpr b = (BinaryExpr) a.getValue();
            xOnLeft = b.getLeft().equals(a.getTarget());
            op = b.getOperator().asString();
            operand = render(xOnLeft ? b.getRight() : b.getLeft());
        }
        if (op == null) {
            return null;
        }
        String left = ctx.fresh("old$");
        String right = ctx.fresh("operand$");
        String body = xOnLeft ? left + " " + op + " " + right : right + " " + op + " " + left;
        if (!Set.of("int", "long", "double", "boolean").contains(cell.type())) {
            body = "(" + cell.type() + ") (" + body + ")";
        }
        return atomic + ".update(" + args + ", (" + left + ", " + right + ") -> " + body + ", " + cast(cell, operand)
                + ")";
    }

    private static String cast(Cell cell, String value) {
        return Set.of("int", "long", "double", "boolean").contains(cell.type()) ? value
                : "(" + cell.type() + ") (" + value + ")";
    }

    private String render(Expression e) {
        return ctx.render(e, Integer.MAX_VALUE, Map.of());
    }
}
