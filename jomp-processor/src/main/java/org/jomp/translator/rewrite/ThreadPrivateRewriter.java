package org.jomp.translator.rewrite;

import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import org.jomp.translator.TranslationException;
import org.jomp.translator.analysis.Scopes;
import org.jomp.translator.directive.Var;

import java.util.Map;
import java.util.Set;

/**
 * {@code //omp threadprivate(x)} on static fields: each field becomes a {@code ThreadPrivate} holding one value per
 * thread ({@code static final ThreadPrivate.OfInt x = ThreadPrivate.ofInt(0);}); reads become {@code x.get()} and
 * assignments {@code x.set(...)}. Values persist in a worker from one region to the next; copyin on a region starts
 * every thread at the master's value. The references in other files of the tree are rewritten the same way.
 */
final class ThreadPrivateRewriter {

    private static final Set<String> NARROW = Set.of("short", "byte", "char", "float");

    private final Construct c;
    private final RewriteContext ctx;

    ThreadPrivateRewriter(Construct c, RewriteContext ctx) {
        this.c = c;
        this.ctx = ctx;
    }

    /** Declares the fields thread-private before any construct is rewritten, so every reference sees it. */
    void declare() {
        TypeDeclaration<?> type = (TypeDeclaration<?>) c.placement().container();
        for (Var v : c.directive().names()) {
            VariableDeclarator field = field(type, v);
            FieldDeclaration declaration = (FieldDeclaration) field.getParentNode().orElseThrow();
            String fieldType = field.getType().asString();
            String holderType;
            String factory;
            String init = field.getInitializer().map(e -> ctx.render(e, Integer.MAX_VALUE, Map.of())).orElse(null);
            String tp = ctx.rt("ThreadPrivate");
            switch (fieldType) {
                case "int", "long", "double", "boolean" -> {
                    String kind = Character.toUpperCase(fieldType.charAt(0)) + fieldType.substring(1);
                    holderType = tp + ".Of" + kind;
                    factory = tp + ".of" + kind + "("
                            + (init == null ? DataCopies.defaultValue(fieldType) : init) + ")";
                }
                default -> {
                    String boxed = box(fieldType);
                    holderType = tp + "<" + boxed + ">";
                    String value = init == null ? DataCopies.defaultValue(fieldType)
                            : boxed.equals(fieldType) ? init : "(" + fieldType + ") (" + init + ")";
                    factory = tp + ".of(() -> " + value + ")";
                }
            }
            StringBuilder modifiers = new StringBuilder();
            declaration.getAnnotations().forEach(a -> modifiers.append(ctx.text().text(a)).append(' '));
            for (Modifier m : declaration.getModifiers()) {
                if (m.getKeyword() != Modifier.Keyword.FINAL) {
                    modifiers.append(m.getKeyword().asString()).append(' ');
                }
            }
            ctx.edits().replace(ctx.text().begin(declaration), ctx.text().end(declaration),
                    modifiers + "final " + holderType + " " + v.name() + " = " + factory + ";");
            ctx.threadPrivate(type, v.name(), fieldType);
        }
    }

    private VariableDeclarator field(TypeDeclaration<?> type, Var v) {
        for (FieldDeclaration f : type.getFields()) {
            for (VariableDeclarator d : f.getVariables()) {
                if (d.getNameAsString().equals(v.name())) {
                    if (!f.isStatic()) {
                        throw new TranslationException(v.line(), v.column(), "threadprivate '" + v.name()
                                + "' must be a static field");
                    }
                    if (f.getVariables().size() > 1) {
                        throw new TranslationException(v.line(), v.column(), "declare threadprivate '" + v.name()
                                + "' in a field declaration of its own");
                    }
                    return d;
                }
            }
        }
        throw new TranslationException(v.line(), v.column(), "threadprivate '" + v.name()
                + "' is not a static field of " + type.getNameAsString());
    }

    /**
     * Assignments to thread-private fields become set calls and their qualified reads get calls, in the whole file:
     * the fields of its own classes and, through {@link ThreadPrivateNames}, those of other files. Runs after all
     * constructs, so their renames apply; plain reads go through {@link RewriteContext#lookup}.
     */
    static void rewriteAccesses(RewriteContext ctx) {
        Node unit = ctx.unit();
        for (Node n : unit.findAll(Node.class)) {
            Expression target = n instanceof AssignExpr a ? a.getTarget()
                    : n instanceof UnaryExpr u && Scopes.isIncDec(u) ? u.getExpression() : null;
            ThreadPrivateNames.Field field = target == null ? null : ctx.threadPrivateField(target);
            if (field == null) {
                continue;
            }
            Expression e = (Expression) n;
            if (!(e.getParentNode().orElse(null) instanceof ExpressionStmt)) {
                throw RewriteContext.error(e, "threadprivate '" + name(target) + "' may only be assigned in a"
                        + " statement of its own");
            }
            if (ctx.edits().isReplaced(ctx.text().begin(e), ctx.text().end(e))) {
                continue;
            }
            String current = field.written() + ".get()";
            String value;
            if (n instanceof AssignExpr a) {
                String v = ctx.render(a.getValue(), Integer.MAX_VALUE, Map.of());
                value = a.getOperator() == AssignExpr.Operator.ASSIGN ? v
                        : current + " " + a.getOperator().toBinaryOperator().orElseThrow().asString() + " (" + v + ")";
            } else {
                UnaryExpr.Operator op = ((UnaryExpr) n).getOperator();
                boolean up = op == UnaryExpr.Operator.PREFIX_INCREMENT || op == UnaryExpr.Operator.POSTFIX_INCREMENT;
                value = current + (up ? " + 1" : " - 1");
            }
            // The holder's set takes the boxed type, into which an int (a constant, a sum) does not convert.
            if (NARROW.contains(field.type())) {
                value = "(" + field.type() + ") (" + value + ")";
            }
            ctx.edits().replace(ctx.text().begin(e), ctx.text().end(e), field.written() + ".set(" + value + ")");
        }
        for (FieldAccessExpr fa : unit.findAll(FieldAccessExpr.class)) {
            ThreadPrivateNames.Field field = ctx.threadPrivateField(fa);
            if (field != null && !ctx.edits().isReplaced(ctx.text().begin(fa), ctx.text().end(fa))) {
                ctx.edits().replace(ctx.text().begin(fa), ctx.text().end(fa), field.written() + ".get()");
            }
        }
    }

    private static String name(Expression target) {
        return target instanceof FieldAccessExpr fa ? fa.getNameAsString() : ((NameExpr) target).getNameAsString();
    }

    private static String box(String type) {
        return switch (type) {
            case "float" -> "Float";
            case "short" -> "Short";
            case "byte" -> "Byte";
            case "char" -> "Character";
            default -> type;
        };
    }
}
