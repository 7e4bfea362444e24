package org.jomp.translator.rewrite;

import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import org.jomp.translator.analysis.Branches;
import org.jomp.translator.analysis.CanonicalLoop;
import org.jomp.translator.analysis.LocalVar;
import org.jomp.translator.directive.Clause;
import org.jomp.translator.directive.DirectiveKind;
import org.jomp.translator.directive.Expr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code //omp task} becomes {@code Omp.task(() -> { ... });} (with if, final and depend:
 * {@code Omp.task(if, final, in, out, () -> { ... })}), and {@code //omp taskloop} becomes
 * {@code Omp.taskloop(lo, hi, step, grainsize, numTasks, (start, end) -> { for (...) { ... } })} where the loop runs
 * over the range a task receives.
 *
 * <p>Data sharing follows {@link TaskSharing}: firstprivate variables are captured by value (through a snapshot
 * taken on the directive line when they are not effectively final, and a copy inside the lambda when the task
 * assigns them); shared ones are read and written through their cells. Dependences are keyed by the variable's
 * cell or array, so two tasks naming the same variable depend on each other.
 */
final class TaskRewriter {

    private final Construct c;
    private final RewriteContext ctx;

    TaskRewriter(Construct c, RewriteContext ctx) {
        this.c = c;
        this.ctx = ctx;
    }

    void rewrite() {
        Statement s = c.statement();
        boolean taskloop = c.kind() == DirectiveKind.TASKLOOP;
        if (taskloop && !(s instanceof ForStmt)) {
            throw RewriteContext.error(s, "'taskloop' must be followed by a for loop");
        }
        if (ctx.checksJumps(c)) {
            Branches.checkStructured(s, c.writtenName(), taskloop);
        }
        Captures cap = Captures.of(c, ctx);
        c.directive().vars("shared").forEach(v -> ctx.checkKnown(v, c));
        checkDefaultNone(cap);

        StringBuilder before = new StringBuilder();
        StringBuilder inside = new StringBuilder();
        Map<String, String> snapshots = new HashMap<>();
        for (String name : cap.used) {
            if (!ctx.isOuterLocal(name, c) || TaskSharing.shared(c, name, ctx) && !firstprivateListed(name)) {
                continue;
            }
            if (TaskSharing.explicitlyPrivate(c, name) && !firstprivateListed(name)) {
                continue;
            }
            if (!ctx.capturable(name, c)) {
                String snapshot = ctx.fresh(name + "$");
                before.append("var ").append(snapshot).append(" = ").append(ctx.outer(name, c)).append("; ");
                snapshots.put(name, snapshot);
            }
        }
        DataCopies copies = new DataCopies(c, ctx);
        copies.declare(name -> snapshots.getOrDefault(name, ctx.outer(name, c)), cap.assigned);
        for (String name : cap.used) {
            if (c.bindings().containsKey(name) || !ctx.isOuterLocal(name, c) || TaskSharing.shared(c, name, ctx)) {
                continue;
            }
            String read = snapshots.getOrDefault(name, ctx.outer(name, c));
            if (cap.assigned.contains(name)) {
                String copy = ctx.fresh(name + "$");
                inside.append("var ").append(copy).append(" = ").append(read).append("; ");
                c.bindings().put(name, Binding.copy(copy, typeOf(name), false));
            } else if (snapshots.containsKey(name)) {
                c.bindings().put(name, Binding.copy(read, typeOf(name), true));
            }
        }
        for (String name : cap.assigned) {
            if (!c.bindings().containsKey(name) && ctx.isOuterLocal(name, c) && TaskSharing.shared(c, name, ctx)) {
                throw RewriteContext.error(c, "the task assigns shared local '" + name + "' declared in an"
                        + " enclosing lambda construct; make it a field or an array element");
            }
        }
        ctx.scope(c, s);
        String omp = ctx.rt("Omp");
        if (!before.isEmpty()) {
            ctx.onDirectiveLine(c, "{ " + before);
        }
        String tail = before.isEmpty() ? "" : " }";
        if (taskloop) {
            taskloop((ForStmt) s, omp, inside.toString() + copies.declarations(), tail);
            return;
        }
        ctx.open(ctx.text().begin(s), call(omp) + inside + copies.declarations(), c);
        ctx.close(ctx.text().end(s), " });" + tail, c);
    }

    private boolean firstprivateListed(String name) {
        return c.directive().vars("firstprivate").stream().anyMatch(v -> v.name().equals(name));
    }

    private String call(String omp) {
        Optional<Clause.Value> ifClause = c.directive().value("if");
        Optional<Clause.Value> finalClause = c.directive().value("final");
        List<Clause.Depend> depends = c.directive().all(Clause.Depend.class);
        if (ifClause.isEmpty() && finalClause.isEmpty() && depends.isEmpty()) {
            return omp + ".task(() -> { ";
        }
        List<String> in = new ArrayList<>();
        List<String> out = new ArrayList<>();
        for (Clause.Depend d : depends) {
            for (Expr item : d.items()) {
                String key = dependKey(item);
                if (!d.type().equals("out")) {
                    in.add(key);
                }
                if (!d.type().equals("in")) {
                    out.add(key);
                }
            }
        }
        return omp + ".task(" + ifClause.map(v -> ctx.renderCondition(v.expr(), c)).orElse("true") + ", "
                + finalClause.map(v -> ctx.renderCondition(v.expr(), c)).orElse("false") + ", " + keys(in) + ", "
                + keys(out) + ", () -> { ";
    }

    private static String keys(List<String> keys) {
        return keys.isEmpty() ? "null" : "new Object[] {" + String.join(", ", keys) + "}";
    }

    /** The object that stands for a dependence item: the variable's cell, array or object itself. */
    private String dependKey(Expr item) {
        Expression e = ctx.parseExpression(item);
        if (e instanceof NameExpr n) {
            String name = n.getNameAsString();
            Binding b = ctx.outerBinding(name, c);
            if (b != null && b.holder()) {
                return b.text().substring(0, b.text().length() - 3);
            }
            String type = typeOf(name);
            boolean primitive = Set.of("int", "long", "double", "float", "short", "byte", "char", "boolean")
                    .contains(type);
            return primitive ? "\"" + name + "\"" : ctx.render(item, c);
        }
        if (e instanceof com.github.javaparser.ast.expr.ArrayAccessExpr a) {
            Expr array = new Expr(a.getName().toString(), item.line(), item.column());
            Expr index = new Expr(a.getIndex().toString(), item.line(), item.column());
            return "java.util.List.of(" + ctx.render(array, c) + ", " + ctx.render(index, c) + ")";
        }
        return ctx.render(item, c);
    }

    private void taskloop(ForStmt f, String omp, String declarations, String tail) {
        CanonicalLoop l = CanonicalLoop.of(f, name -> ctx.local(name, c).map(LocalVar::type).orElse(null));
        if (!l.declaredInHeader()) {
            throw RewriteContext.error(f, "the index of a taskloop must be declared in the loop header");
        }
        Map<String, String> none = Map.of();
        String step = l.step() == null ? Long.toString(l.literalStep())
                : (l.negateStep() ? "-(" : "(") + ctx.render(l.step(), c.depth(), none) + ")";
        String bound = ctx.render(l.bound(), c.depth(), none);
        if (l.inclusive()) {
            bound = "(" + bound + ")" + (l.increasing() ? " + 1" : " - 1");
        }
        String start = ctx.fresh(l.index() + "$start");
        String end = ctx.fresh(l.index() + "$end");
        String grainsize = c.directive().value("grainsize").map(v -> ctx.renderCount(v.expr(), c)).orElse("0");
        String numTasks = c.directive().value("num_tasks").map(v -> ctx.renderCount(v.expr(), c)).orElse("0");
        ctx.open(ctx.text().begin(f), omp + ".taskloop(" + ctx.render(l.lower(), c.depth(), none) + ", " + bound
                + ", " + step + ", " + grainsize + ", " + numTasks + ", (" + start + ", " + end + ") -> { "
                + declarations, c);
        String cast = l.type().equals("long") ? "" : "(int) ";
        ctx.edits().replace(ctx.text().begin(f), ctx.text().begin(f.getBody()), "for (" + l.type() + " " + l.index()
                + " = " + cast + start + "; " + l.index() + (l.increasing() ? " < " : " > ") + end + "; "
                + ctx.render(f.getUpdate().get(0), c.depth(), none) + ") ");
        ctx.close(ctx.text().end(f), " });" + tail, c);
    }

    private String typeOf(String name) {
        Binding b = ctx.outerBinding(name, c);
        if (b != null) {
            return b.type();
        }
        return ctx.local(name, c).map(LocalVar::type).orElse("var");
    }

    private void checkDefaultNone(Captures cap) {
        boolean none = c.directive().first(Clause.Default.class).map(Clause.Default::none).orElse(false);
        if (!none) {
            return;
        }
        for (String name : cap.used) {
            boolean listed = c.directive().clauses().stream().anyMatch(cl -> cl instanceof Clause.VarList l
                    && l.vars().stream().anyMatch(v -> v.name().equals(name)));
            if (!listed && ctx.isOuterLocal(name, c)) {
                NameExpr at = cap.firstUse.get(name);
                throw at != null ? RewriteContext.error(at, "variable '" + name
                        + "' must be listed in a data-sharing clause of the task because of default(none)")
                        : RewriteContext.error(c, "variable '" + name + "' must be listed because of default(none)");
            }
        }
    }
}
