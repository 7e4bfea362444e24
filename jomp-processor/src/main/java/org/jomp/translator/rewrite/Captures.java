package org.jomp.translator.rewrite;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.NameExpr;
import org.jomp.translator.analysis.Scopes;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The names a construct that becomes a lambda (a parallel region, a task) uses and assigns at the level just
 * outside itself: references and assignments in its body that no construct inside it makes private, plus the
 * outer reads and writes of the constructs inside it (firstprivate, lastprivate, reduction).
 */
final class Captures {

    final Set<String> used = new LinkedHashSet<>();
    final Set<String> assigned = new LinkedHashSet<>();
    /** The used names whose value the construct may read: all but those only the target of a plain assignment. */
    final Set<String> read = new LinkedHashSet<>();
    /** The first reference of each used name, for positioned messages. */
    final java.util.Map<String, NameExpr> firstUse = new java.util.HashMap<>();

    private final Construct construct;
    private final RewriteContext ctx;

    private Captures(Construct construct, RewriteContext ctx) {
        this.construct = construct;
        this.ctx = ctx;
    }

    static Captures of(Construct c, RewriteContext ctx) {
        Captures cap = new Captures(c, ctx);
        for (Node n : c.statement().findAll(Node.class)) {
            if (n instanceof NameExpr ne && cap.reaches(ne.getNameAsString(), ne, null)) {
                cap.used.add(ne.getNameAsString());
                cap.firstUse.putIfAbsent(ne.getNameAsString(), ne);
                if (!(ne.getParentNode().orElse(null) instanceof AssignExpr a && a.getTarget() == ne
                        && a.getOperator() == AssignExpr.Operator.ASSIGN)) {
                    cap.read.add(ne.getNameAsString());
                }
            }
            NameExpr target = Scopes.assignedName(n);
            if (target != null && cap.reaches(target.getNameAsString(), target, null)) {
                cap.assigned.add(target.getNameAsString());
            }
        }
        Deque<Construct> todo = new ArrayDeque<>(c.children());
        while (!todo.isEmpty()) {
            Construct d = todo.pop();
            todo.addAll(d.children());
            for (String name : Sharing.reads(d)) {
                if (cap.reaches(name, d.anchor(), d)) {
                    cap.used.add(name);
                    cap.read.add(name);
                }
            }
            for (String name : Sharing.writes(d)) {
                if (cap.reaches(name, d.anchor(), d)) {
                    cap.used.add(name);
                    cap.assigned.add(name);
                }
            }
        }
        return cap;
    }

    /**
     * Whether {@code name} at {@code node} means the variable of the level outside the construct: no construct
     * between them makes it private and no class body between them declares it. {@code from}, when given, is the
     * construct whose clause names it (it and the constructs inside it do not count).
     */
    private boolean reaches(String name, Node node, Construct from) {
        Node stop = construct.statement();
        for (Node n = node; n != null; n = n.getParentNode().orElse(null)) {
            for (Construct m : ctx.constructsOn(n)) {
                if (m != construct && inside(m, construct) && (from == null || (m != from && inside(from, m)))
                        && Sharing.privatized(m).contains(name)) {
                    return false;
                }
            }
            if (n != node && ctx.declaresInClassBody(n, name)) {
                return false;
            }
            if (n == stop) {
                return true;
            }
        }
        return true;
    }

    /** True when {@code inner} lies (strictly) inside {@code outer} in the construct tree. */
    static boolean inside(Construct inner, Construct outer) {
        for (Construct p = inner.parent(); p != null; p = p.parent()) {
            if (p == outer) {
                return true;
            }
        }
        return false;
    }
}
