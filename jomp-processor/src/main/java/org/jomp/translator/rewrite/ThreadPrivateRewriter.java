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
import java.util.Optional;

/**
 * {@code //omp threadprivate(x)} on static fields: each field becomes a {@code ThreadPrivate} holding one value per
 * thread ({@code static final ThreadPrivate.OfInt x = ThreadPrivate.ofInt(0);}); reads become {@code x.get()} and
 * assignments {@code x.set(...)}. Values persist in a worker from one region to the next; copyin on a region starts
 * every thread at the master's value.
 */
final class ThreadPrivateRewriter {

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
        ctx.afterRewriting(() -> rewriteAccesses(type));
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

    /** Assignments to a thread-private field become set calls (after all constructs, so their renames apply). */
    private void rewriteAccesses(TypeDeclaration<?> type) {
        for (Node n : type.findAll(Node.class)) {
            Expression target = null;
            String value = null;
            if (n instanceof AssignExpr a) {
                target = a.getTarget();
                String v = ctx.render(a.getValue(), Integer.MAX_VALUE, Map.of());
                value = a.getOperator() == AssignExpr.Operator.ASSIGN ? v
                        : "%s " + a.getOperator().toBinaryOperator().orElseThrow().asString() + " (" + v + ")";
            } else if (n instanceof UnaryExpr u && Scopes.isIncDec(u)) {
                target = u.getExpression();
                boolean up = u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT
                        || u.getOperator() == UnaryExpr.Operator.POSTFIX_INCREMENT;
                value = "%s " + (up ? "+" : "-") + " 1";
            }
            Optional<String> field = target == null ? Optional.empty() : threadPrivateField(type, target);
            if (field.isEmpty()) {
                continue;
            }
            Expression e = (Expression) n;
            if (!(e.getParentNode().orElse(null) instanceof ExpressionStmt)) {
                throw RewriteContext.error(e, "threadprivate '" + field.get() + "' may only be assigned in a"
                        + " statement of its own");
            }
            if (ctx.edits().isReplaced(ctx.text().begin(e), ctx.text().end(e))) {
                continue;
            }
            String fieldType = ctx.threadPrivateType(type, field.get());
            String ref = target instanceof FieldAccessExpr fa ? ctx.text().text(fa) : field.get();
            String newValue = value.contains("%s") ? String.format(value, ref + ".get()") : value;
            if (!value.equals(newValue) && java.util.Set.of("short", "byte", "char", "float").contains(fieldType)) {
                newValue = "(" + fieldType + ") (" + newValue + ")";
            }
            ctx.edits().replace(ctx.text().begin(e), ctx.text().end(e), ref + ".set(" + newValue + ")");
        }
        for (FieldAccessExpr fa : type.findAll(FieldAccessExpr.class)) {
            Optional<String> field = threadPrivateField(type, fa);
            if (field.isPresent() && !ctx.edits().isReplaced(ctx.text().begin(fa), ctx.text().end(fa))) {
                ctx.edits().replace(ctx.text().begin(fa), ctx.text().end(fa), ctx.text().text(fa) + ".get()");
            }
        }
    }

    /** The thread-private field an expression names ({@code x} or {@code Type.x}), if it is one. */
    private Optional<String> threadPrivateField(TypeDeclaration<?> type, Expression e) {
        if (e instanceof NameExpr n && ctx.threadPrivateType(type, n.getNameAsString()) != null
                && !Scopes.visibleLocals(n).containsKey(n.getNameAsString())) {
            return Optional.of(n.getNameAsString());
        }
        if (e instanceof FieldAccessExpr fa && fa.getScope() instanceof NameExpr scope
                && scope.getNameAsString().equals(type.getNameAsString())
                && ctx.threadPrivateType(type, fa.getNameAsString()) != null) {
            return Optional.of(fa.getNameAsString());
        }
        return Optional.empty();
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
