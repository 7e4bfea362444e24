package org.jomp.translator.rewrite;

import org.jomp.translator.TranslationException;
import org.jomp.translator.directive.Clause;
import org.jomp.translator.directive.ReductionOp;
import org.jomp.translator.directive.Expr;
import org.jomp.translator.directive.Var;
import com.github.javaparser.ast.expr.Expression;

import java.util.List;

/**
 * Declarations of private, firstprivate, lastprivate and reduction copies, and the code that folds reductions and
 * writes lastprivate values back. Copies get fresh names ({@code x$}): Java forbids a local to shadow another
 * local of the same method or lambda, so the copy cannot take the variable's own name.
 */
final class DataCopies {

    private final Construct c;
    private final RewriteContext ctx;
    private final StringBuilder declarations = new StringBuilder();
    private final StringBuilder lastprivate = new StringBuilder();
    private final StringBuilder reduction = new StringBuilder();

    DataCopies(Construct c, RewriteContext ctx) {
        this.c = c;
        this.ctx = ctx;
        this.reductionTargets = name -> ctx.outer(name, c);
    }

    /**
     * Declares a copy for every private, firstprivate, lastprivate and reduction variable of the construct and
     * binds the name to it. {@code outerRead} gives the text that reads a variable's outer value where the copies
     * are declared (for lambdas: possibly a snapshot).
     */
    void declare(java.util.function.Function<String, String> outerRead, java.util.Set<String> assignedInside) {
        List<Var> firsts = c.directive().vars("firstprivate");
        for (Var v : c.directive().vars("private")) {
            String type = ctx.typeOf(v, c);
            declare(v, type, defaultValue(type), assignedInside);
        }
        for (Var v : firsts) {
            ctx.checkKnown(v, c, true);
            String type = ctx.typeOf(v, c);
            declare(v, type, outerRead.apply(v.name()), assignedInside);
        }
        for (Var v : c.directive().vars("lastprivate")) {
            ctx.checkKnown(v, c, true);
            String type = ctx.typeOf(v, c);
            if (firsts.stream().noneMatch(f -> f.name().equals(v.name()))) {
                declare(v, type, defaultValue(type), assignedInside);
            }
            lastprivate.append(ctx.outer(v.name(), c)).append(" = ").append(copyOf(v)).append("; ");
        }
        for (Clause.Reduction r : c.directive().all(Clause.Reduction.class)) {
            for (Var v : r.vars()) {
                if (v.name().contains("[")) {
                    elementReduction(r, v, assignedInside);
                    continue;
                }
                if (!v.name().contains("[")) {
                    ctx.checkKnown(v, c, true);
                }
                if (r.op() == null) {
                    userReduction(r, v, assignedInside, outerRead);
                    continue;
                }
                String type = ctx.typeOf(v, c);
                if (type.endsWith("[]") && primitive(type.substring(0, type.length() - 2).strip()) != null) {
                    arrayReduction(r, v, type.substring(0, type.length() - 2).strip());
                    continue;
                }
                String primitive = primitive(type);
                if (primitive == null || !r.op().fits(primitive)) {
                    throw new TranslationException(v.line(), v.column(), "reduction operator '" + r.opText()
                            + "' does not fit '" + type + " " + v.name() + "'"
                            + (type.equals("var") ? ctx.triedTypes(v.name()) : ""));
                }
                declare(v, type, r.op().identity(primitive), assignedInside);
                reduction.append(r.op().combine(reductionTarget(v.name()), copyOf(v))).append(' ');
            }
        }
    }

    /** A reduction declared with {@code declare reduction}: its initializer and combiner, placeholders filled in. */
    private void userReduction(Clause.Reduction r, Var v, java.util.Set<String> assignedInside,
                               java.util.function.Function<String, String> outerRead) {
        Clause.DeclaredReduction d = ctx.userReduction(r.udr());
        if (d == null) {
            throw new TranslationException(r.line(), r.opColumn(), "unknown reduction operator '" + r.udr()
                    + "' (expected + * - & | ^ && || min max, or the name of a declared reduction)");
        }
        String type = ctx.typeOf(v, c);
        if (!type.replace(" ", "").equals(d.type().replace(" ", ""))) {
            throw new TranslationException(v.line(), v.column(), "reduction '" + d.reduction() + "' is declared for "
                    + d.type() + ", not for '" + type + " " + v.name() + "'");
        }
        String init;
        if (d.initializer() != null) {
            Expression e = ctx.parseExpression(d.initializer());
            Expr value = d.initializer();
            if (e instanceof com.github.javaparser.ast.expr.AssignExpr a
                    && a.getTarget().toString().equals("omp_priv")) {
                int from = a.getValue().getBegin().orElseThrow().column - 1;
                value = new Expr(d.initializer().text().substring(from), d.initializer().line(),
                        d.initializer().column() + from);
            }
            init = ctx.substitute(value, java.util.Map.of("omp_orig", outerRead.apply(v.name())));
        } else {
            init = defaultValue(type);
            if (init.equals("null")) {
                throw new TranslationException(d.line(), d.column(), "reduction '" + d.reduction() + "' on "
                        + d.type() + " needs an initializer(omp_priv = ...)");
            }
        }
        declare(v, type, init, assignedInside);
        String combine = ctx.substitute(d.combiner(), java.util.Map.of("omp_out", reductionTarget(v.name()),
                "omp_in", copyOf(v)));
        reduction.append(combine).append("; ");
    }

    /** {@code reduction(op: a[k])}: a private copy of one element, folded into it at the end. */
    private void elementReduction(Clause.Reduction r, Var v, java.util.Set<String> assignedInside) {
        String array = v.name().substring(0, v.name().indexOf('['));
        String index = v.name().substring(v.name().indexOf('['));
        String arrayType = ctx.typeOf(new Var(null, array, v.line(), v.column()), c);
        String element = arrayType.endsWith("[]") ? primitive(arrayType.substring(0, arrayType.length() - 2).strip())
                : null;
        if (element == null || !r.op().fits(element)) {
            throw new TranslationException(v.line(), v.column(), "reduction operator '" + r.opText()
                    + "' does not fit the element " + v.name() + " of '" + arrayType + " " + array + "'");
        }
        String type = arrayType.substring(0, arrayType.length() - 2).strip();
        String copy = ctx.fresh(array + "$");
        declarations.append(type).append(' ').append(copy).append(" = ").append(r.op().identity(element))
                .append("; ");
        c.bindings().put(v.name(), Binding.copy(copy, type, false));
        reduction.append(r.op().combine(ctx.outer(array, c) + index, copy)).append(' ');
    }

    /** {@code reduction(op: a)} on a primitive array: element by element into a private array. */
    private void arrayReduction(Clause.Reduction r, Var v, String element) {
        if (!r.op().fits(primitive(element))) {
            throw new TranslationException(v.line(), v.column(), "reduction operator '" + r.opText()
                    + "' does not fit the elements of '" + element + "[] " + v.name() + "'");
        }
        String outer = reductionTarget(v.name());
        String copy = ctx.fresh(v.name() + "$");
        String k = ctx.fresh("k$");
        String identity = r.op().identity(primitive(element));
        declarations.append(element).append("[] ").append(copy).append(" = new ").append(element).append('[')
                .append(ctx.outer(v.name(), c)).append(".length]; ");
        if (!identity.equals(defaultValue(element))) {
            declarations.append("java.util.Arrays.fill(").append(copy).append(", ").append(identity).append("); ");
        }
        c.bindings().put(v.name(), Binding.copy(copy, element + "[]", true));
        reduction.append("for (int ").append(k).append(" = 0; ").append(k).append(" < ").append(copy)
                .append(".length; ").append(k).append("++) { ")
                .append(r.op().combine(outer + "[" + k + "]", copy + "[" + k + "]")).append(" } ");
    }

    /** Where a reduction folds into; a region overrides this with its holder. */
    private java.util.function.Function<String, String> reductionTargets;

    void reductionTargets(java.util.function.Function<String, String> targets) {
        this.reductionTargets = targets;
    }

    private String reductionTarget(String name) {
        return reductionTargets.apply(name);
    }

    private void declare(Var v, String type, String init, java.util.Set<String> assignedInside) {
        if (type.equals("var") && init.equals("null")) {
            throw new TranslationException(v.line(), v.column(), "cannot see the type of '" + v.name()
                    + "' (declared with var): write it in the clause, as in (<type> " + v.name() + ")"
                    + ctx.triedTypes(v.name()));
        }
        String copy = ctx.fresh(v.name() + "$");
        declarations.append(type).append(' ').append(copy).append(" = ").append(init).append("; ");
        c.bindings().put(v.name(), Binding.copy(copy, type, !assignedInside.contains(v.name())));
    }

    private String copyOf(Var v) {
        return c.bindings().get(v.name()).text();
    }

    String declarations() {
        return declarations.toString();
    }

    /** Statements writing lastprivate copies back (to run in the thread that ran the last iteration). */
    String lastprivate() {
        return lastprivate.toString();
    }

    boolean hasReduction() {
        return reduction.length() > 0;
    }

    /** The reduction fold under the team's reduction lock. */
    String reduction() {
        if (reduction.length() == 0) {
            return "";
        }
        String omp = ctx.rt("Omp");
        return omp + ".reductionLock(); try { " + reduction + "} finally { " + omp + ".reductionUnlock(); } ";
    }

    static String defaultValue(String type) {
        return switch (type) {
            case "int", "short", "byte", "char" -> type.equals("int") ? "0" : "(" + type + ") 0";
            case "long" -> "0L";
            case "float" -> "0f";
            case "double" -> "0d";
            case "boolean" -> "false";
            default -> "null";
        };
    }

    /** The primitive type of a reduction variable (boxed types unbox), or null. */
    static String primitive(String type) {
        return switch (type) {
            case "int", "long", "short", "byte", "char", "float", "double", "boolean" -> type;
            case "Integer", "java.lang.Integer" -> "int";
            case "Long", "java.lang.Long" -> "long";
            case "Short", "java.lang.Short" -> "short";
            case "Byte", "java.lang.Byte" -> "byte";
            case "Character", "java.lang.Character" -> "char";
            case "Float", "java.lang.Float" -> "float";
            case "Double", "java.lang.Double" -> "double";
            case "Boolean", "java.lang.Boolean" -> "boolean";
            default -> null;
        };
    }

}
