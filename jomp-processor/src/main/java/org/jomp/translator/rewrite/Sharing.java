package org.jomp.translator.rewrite;

import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import org.jomp.translator.directive.Clause;
import org.jomp.translator.directive.Var;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Data sharing a construct states by its clauses, known before any construct is rewritten: which names it makes
 * private inside itself, and which it reads or writes at the level just outside itself (firstprivate initialisation,
 * lastprivate and reduction write-back).
 */
final class Sharing {

    private Sharing() {
    }

    /** Names that, inside {@code c}, stand for a copy of their own. */
    static Set<String> privatized(Construct c) {
        Set<String> names = new LinkedHashSet<>();
        for (String clause : new String[] {"private", "firstprivate", "lastprivate"}) {
            c.directive().vars(clause).forEach(v -> names.add(v.name()));
        }
        c.directive().all(Clause.Reduction.class).forEach(r -> r.vars().forEach(v -> names.add(v.name())));
        names.addAll(loopIndices(c));
        return names;
    }

    /** Names whose outer value {@code c} reads. */
    static Set<String> reads(Construct c) {
        Set<String> names = new LinkedHashSet<>();
        c.directive().vars("firstprivate").forEach(v -> names.add(v.name()));
        c.directive().all(Clause.Reduction.class).forEach(r -> r.vars().forEach(v -> names.add(v.name())));
        c.directive().all(Clause.Transfer.class).forEach(t -> names.addAll(t.read()));
        c.directive().vars("gather").forEach(v -> names.add(v.name()));
        c.directive().vars("allgather").forEach(v -> names.add(v.name()));
        return names;
    }

    /** Names whose outer variable {@code c} assigns. */
    static Set<String> writes(Construct c) {
        Set<String> names = new LinkedHashSet<>();
        c.directive().vars("lastprivate").forEach(v -> names.add(v.name()));
        c.directive().vars("copyprivate").forEach(v -> names.add(v.name()));
        c.directive().all(Clause.Reduction.class).forEach(r -> r.vars().forEach(v -> names.add(v.name())));
        c.directive().all(Clause.Transfer.class).forEach(t -> names.addAll(t.assigned()));
        return names;
    }

    /** Loop indices declared outside a work-sharing loop's header ({@code for (i = 0; ...)}): private inside it. */
    static Set<String> loopIndices(Construct c) {
        Set<String> names = new LinkedHashSet<>();
        if (!c.kind().name().endsWith("FOR") && c.kind() != org.jomp.translator.directive.DirectiveKind.TASKLOOP) {
            return names;
        }
        int depth = c.directive().first(Clause.Collapse.class).map(Clause.Collapse::depth).orElse(1);
        Statement s = org.jomp.translator.analysis.CanonicalLoop.unlabeled(c.statement());
        for (int i = 0; i < depth && s instanceof ForStmt f; i++) {
            for (Expression init : f.getInitialization()) {
                if (init instanceof AssignExpr a && a.getTarget() instanceof NameExpr n) {
                    names.add(n.getNameAsString());
                }
            }
            s = org.jomp.translator.analysis.CanonicalLoop.innerLoop(f);
        }
        return names;
    }

    /** The clause variable called {@code name} in any clause of {@code c}, for its written type. */
    static Var clauseVar(Construct c, String name) {
        for (Clause cl : c.directive().clauses()) {
            if (cl instanceof Clause.VarList l) {
                for (Var v : l.vars()) {
                    if (v.name().equals(name) && v.type() != null) {
                        return v;
                    }
                }
            } else if (cl instanceof Clause.Reduction r) {
                for (Var v : r.vars()) {
                    if (v.name().equals(name) && v.type() != null) {
                        return v;
                    }
                }
            }
        }
        return null;
    }
}
