package org.jomp.translator.rewrite.mpi;

import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import org.jomp.translator.TranslationException;
import org.jomp.translator.directive.Clause;
import org.jomp.translator.directive.Expr;
import org.jomp.translator.rewrite.RewriteContext;

import java.util.Map;

/**
 * Reductions declared with {@code //omp declare reduction(name : type : combiner) [initializer(omp_priv = v)]} used
 * across ranks: the values travel as objects and are combined by the communicator's object reductions, whose tree
 * keeps rank order, so the combiner need only be associative.
 */
final class DeclaredReductions {

    private DeclaredReductions() {
    }

    /** The declaration of {@code name}, checked against the type of the variable it reduces. */
    static Clause.DeclaredReduction find(RewriteContext ctx, String name, String variable, String type, int line,
                                         int column) {
        Clause.DeclaredReduction d = ctx.userReduction(name);
        if (d == null) {
            throw new TranslationException(line, column, "unknown reduction operator '" + name + "' (expected + * - &"
                    + " | ^ && || min max, or the name of a declared reduction)");
        }
        if (!type.equals(d.type().replaceAll("\\s+", ""))) {
            throw new TranslationException(line, column, "reduction '" + name + "' is declared for " + d.type()
                    + ", not for '" + type + " " + variable + "'");
        }
        return d;
    }

    /** A BinaryOperator lambda folding the second value into the first with the declared combiner. */
    static String operator(RewriteContext ctx, Clause.DeclaredReduction d) {
        String out = ctx.fresh("omp_out$");
        String in = ctx.fresh("omp_in$");
        return "(" + out + ", " + in + ") -> { " + ctx.substitute(d.combiner(), Map.of("omp_out", out, "omp_in", in))
                + "; return " + out + "; }";
    }

    /** The start value of a rank's copy: the initializer (reading the original as omp_orig), else 0 or false. */
    static String identity(RewriteContext ctx, Clause.DeclaredReduction d, String original) {
        if (d.initializer() == null) {
            String type = d.type().strip();
            if (MpiSite.primitive(type)) {
                return type.equals("boolean") ? "false" : "(" + type + ") 0";
            }
            throw new TranslationException(d.line(), d.column(), "reduction '" + d.reduction() + "' on " + d.type()
                    + " needs an initializer(omp_priv = ...) to be used across ranks");
        }
        Expression e = ctx.parseExpression(d.initializer());
        Expr value = d.initializer();
        if (e instanceof AssignExpr a && a.getTarget().toString().equals("omp_priv")) {
            int from = a.getValue().getBegin().orElseThrow().column - 1;
            value = new Expr(d.initializer().text().substring(from), d.initializer().line(),
                    d.initializer().column() + from);
        }
        return ctx.substitute(value, Map.of("omp_orig", original));
    }
}
