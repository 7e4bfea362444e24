package org.jomp.translator.rewrite;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.Statement;
import org.jomp.translator.TranslationException;
import org.jomp.translator.analysis.Branches;
import org.jomp.translator.analysis.LocalVar;
import org.jomp.translator.analysis.Scopes;
import org.jomp.translator.directive.Clause;
import org.jomp.translator.directive.Var;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code //omp parallel}: the statement becomes the body of a lambda run by a team,
 * {@code Omp.parallel(numThreads, if, () -> { ... });}, on its original lines.
 *
 * <p>Java lets a lambda read only effectively final locals and assign none. A shared local that the region assigns
 * therefore lives in a one-element holder array for the region (created on the directive line, written back after
 * the region on its last line); a shared local that is read only but not effectively final is read through a
 * snapshot. Private, firstprivate and reduction variables get copies declared at the start of the lambda.
 */
final class ParallelRewriter {

    private final Construct c;
    private final RewriteContext ctx;

    ParallelRewriter(Construct c, RewriteContext ctx) {
        this.c = c;
        this.ctx = ctx;
    }

    void rewrite() {
        Statement s = c.statement();
        if (ctx.checksJumps(c)) {
            Branches.checkStructured(s, c.writtenName(), false);
        }
        Captures cap = Captures.of(c, ctx);
        checkClauseVariables();
        checkDefaultNone(cap);

        Set<String> privatized = new LinkedHashSet<>();
        c.directive().vars("private").forEach(v -> privatized.add(v.name()));
        c.directive().vars("firstprivate").forEach(v -> privatized.add(v.name()));
        Set<String> reductions = new LinkedHashSet<>();
        c.directive().all(Clause.Reduction.class).forEach(r -> r.vars().forEach(v -> reductions.add(v.name())));

        StringBuilder before = new StringBuilder();
        StringBuilder after = new StringBuilder();
        Map<String, String> holders = new HashMap<>();
        Map<String, String> snapshots = new HashMap<>();
        Set<String> needHolder = new LinkedHashSet<>(cap.assigned);
        needHolder.addAll(reductions);
        for (String name : needHolder) {
            if (privatized.contains(name) || !ctx.isOuterLocal(name, c)) {
                continue;
            }
            String type = typeOf(name);
            if (type.endsWith("[]") && reducedArray(name)) {
                continue;
            }
            String holder = ctx.fresh(name + "$shared");
            String outer = ctx.outer(name, c);
            before.append(holderDeclaration(type, holder, name, outer, cap.read));
            after.append(outer).append(" = ").append(holder).append("[0]; ");
            holders.put(name, holder);
        }
        Set<String> read = new LinkedHashSet<>(cap.used);
        c.directive().vars("firstprivate").forEach(v -> read.add(v.name()));
        for (String name : read) {
            if (holders.containsKey(name) || (privatized.contains(name) && c.directive().vars("firstprivate")
                    .stream().noneMatch(v -> v.name().equals(name))) || reductions.contains(name)
                    || !ctx.isOuterLocal(name, c) || ctx.capturable(name, c)) {
                continue;
            }
            String snapshot = ctx.fresh(name + "$");
            before.append("var ").append(snapshot).append(" = ").append(ctx.outer(name, c)).append("; ");
            snapshots.put(name, snapshot);
        }

        DataCopies copies = new DataCopies(c, ctx);
        copies.reductionTargets(name -> holders.containsKey(name) ? holders.get(name) + "[0]" : ctx.outer(name, c));
        copies.declare(name -> snapshots.getOrDefault(name, ctx.outer(name, c)), cap.assigned);
        for (Map.Entry<String, String> h : holders.entrySet()) {
            if (!reductions.contains(h.getKey())) {
                c.bindings().put(h.getKey(), Binding.holder(h.getValue(), typeOf(h.getKey())));
            }
        }
        for (Map.Entry<String, String> snap : snapshots.entrySet()) {
            if (!privatized.contains(snap.getKey())) {
                c.bindings().put(snap.getKey(), Binding.copy(snap.getValue(), typeOf(snap.getKey()), true));
            }
        }
        ctx.scope(c, s);

        String copyin = copyin(before);
        String omp = ctx.rt("Omp");
        Optional<Clause.Value> threads = c.directive().value("num_threads");
        Optional<Clause.Value> condition = c.directive().value("if");
        String call = c.kind() == org.jomp.translator.directive.DirectiveKind.TASKGROUP ? omp + ".taskgroup(() -> { "
                : threads.isEmpty() && condition.isEmpty() ? omp + ".parallel(() -> { "
                : omp + ".parallel(" + threads.map(t -> ctx.renderCount(t.expr(), c)).orElse("0") + ", "
                + condition.map(t -> ctx.renderCondition(t.expr(), c)).orElse("true") + ", () -> { ";
        if (before.length() > 0) {
            ctx.onDirectiveLine(c, "{ " + before);
        }
        ctx.open(ctx.text().begin(s), call + copyin + copies.declarations(), c);
        ctx.close(ctx.text().end(s), " " + copies.reduction() + "}); " + after + (before.length() > 0 ? "} " : ""),
                c);
    }

    /** copyin(x): every thread starts with the master's value of the threadprivate variable. */
    private String copyin(StringBuilder masters) {
        StringBuilder sb = new StringBuilder();
        for (Var v : c.directive().vars("copyin")) {
            String holder = ctx.threadPrivateHolder(v.name(), c.anchor());
            if (holder == null) {
                throw new TranslationException(v.line(), v.column(), "copyin variable '" + v.name()
                        + "' is not threadprivate");
            }
            String master = ctx.fresh(v.name() + "$master");
            masters.append("var ").append(master).append(" = ").append(holder).append(".get(); ");
            sb.append(holder).append(".set(").append(master).append("); ");
        }
        return sb.toString();
    }

    /** An array reduced element by element (here or in a construct inside) is updated in place: no holder. */
    private boolean reducedArray(String name) {
        java.util.Deque<Construct> todo = new java.util.ArrayDeque<>(java.util.List.of(c));
        while (!todo.isEmpty()) {
            Construct d = todo.pop();
            todo.addAll(d.children());
            for (Clause.Reduction r : d.directive().all(Clause.Reduction.class)) {
                if (r.vars().stream().anyMatch(v -> v.name().equals(name))) {
                    return true;
                }
            }
        }
        return false;
    }

    private String holderDeclaration(String type, String holder, String name, String outer, Set<String> read) {
        if (type.equals("var")) {
            throw RewriteContext.error(c, "cannot see the type of '" + name + "' (declared with var), which the"
                    + " region assigns: declare it with its type, or write it in a clause, as in shared(<type> "
                    + name + ")"
                    + ctx.triedTypes(name));
        }
        boolean unassigned = ctx.outerBinding(name, c) == null && !definitelyHasValue(name, read.contains(name));
        return HolderArrays.declaration(type, holder, unassigned ? null : outer, c.anchor());
    }

    /**
     * Whether the holder copies the local's value in. A local initialised where declared has one. The region may
     * read one assigned before it (javac accepted the sequential read). A local the region only writes, as a
     * lastprivate one, needs no value, but keeps it when the region writes nothing (a loop without iterations)
     * if javac sees it definitely assigned: a plain assignment to it stands directly in a block around the region,
     * before it (one under a condition, as in {@code int i; if (c) i = 1;}, does not count).
     */
    private boolean definitelyHasValue(String name, boolean read) {
        LocalVar v = ctx.local(name, c).orElseThrow();
        if (v.initialized()) {
            return true;
        }
        int directive = ctx.text().offset(c.line(), c.column());
        Node child = c.anchor();
        for (Node p = child.getParentNode().orElse(null); p != null && child != v.scope();
                child = p, p = p.getParentNode().orElse(null)) {
            if (p instanceof BlockStmt b) {
                for (Statement before : b.getStatements()) {
                    if (before == child) {
                        break;
                    }
                    if (before instanceof ExpressionStmt e && e.getExpression() instanceof AssignExpr a
                            && a.getOperator() == AssignExpr.Operator.ASSIGN && a.getTarget() instanceof NameExpr t
                            && t.getNameAsString().equals(name)) {
                        return true;
                    }
                }
            }
        }
        return read && v.scope().findAll(Node.class).stream().map(Scopes::assignedName)
                .anyMatch(t -> t != null && t.getNameAsString().equals(name) && ctx.text().begin(t) < directive);
    }

    /**
     * The type of a variable the region holds: as a typed clause of the region or of a construct inside it writes
     * it (a combined directive's reduction and lastprivate clauses belong to its loop), else as declared.
     */
    private String typeOf(String name) {
        java.util.Deque<Construct> todo = new java.util.ArrayDeque<>(java.util.List.of(c));
        while (!todo.isEmpty()) {
            Construct d = todo.pop();
            Var typed = Sharing.clauseVar(d, name);
            if (typed != null) {
                return typed.type();
            }
            todo.addAll(d.children());
        }
        Binding b = ctx.outerBinding(name, c);
        if (b != null) {
            return b.type();
        }
        return ctx.local(name, c).map(LocalVar::type).orElse("var");
    }

    private void checkClauseVariables() {
        for (Var v : c.directive().vars("shared")) {
            ctx.checkKnown(v, c);
        }
    }

    /** default(none): every variable of the enclosing method the region uses must be listed in a clause. */
    private void checkDefaultNone(Captures cap) {
        boolean none = c.directive().first(Clause.Default.class).map(Clause.Default::none).orElse(false);
        if (!none) {
            return;
        }
        Set<String> listed = new LinkedHashSet<>();
        for (Clause cl : c.placement().directive().clauses()) {
            if (cl instanceof Clause.VarList l) {
                l.vars().forEach(v -> listed.add(v.name()));
            } else if (cl instanceof Clause.Reduction r) {
                r.vars().forEach(v -> listed.add(v.name()));
            }
        }
        for (String name : cap.used) {
            if (!listed.contains(name) && ctx.isOuterLocal(name, c)) {
                NameExpr at = cap.firstUse.get(name);
                throw at != null ? RewriteContext.error(at, "variable '" + name
                        + "' must be listed in a data-sharing clause of the region because of default(none)")
                        : RewriteContext.error(c, "variable '" + name + "' must be listed in a data-sharing clause"
                        + " because of default(none)");
            }
        }
    }
}
