package org.jomp.translator.rewrite.mpi;

import org.jomp.translator.TranslationException;
import org.jomp.translator.directive.Clause;
import org.jomp.translator.directive.DirectiveKind;
import org.jomp.translator.directive.Expr;
import org.jomp.translator.directive.ReductionOp;
import org.jomp.translator.rewrite.Construct;
import org.jomp.translator.rewrite.RewriteContext;

/**
 * {@code //mpi reduce(op : items) [root(e)]} and {@code //mpi allreduce(op : items)}: each item becomes the
 * combination of every rank's value (on the root only for reduce; elsewhere it keeps its value). Items are primitive
 * variables (sent in a one-element array), primitive arrays and slices (element by element). Contributions combine
 * in rank order, so every rank of an allreduce gets the same bits. With the name of a reduction declared by
 * {@code //omp declare reduction}, any variable of its type is reduced as an object.
 */
public final class ReduceRewriter {

    private final MpiSite site;

    public ReduceRewriter(Construct c, RewriteContext ctx) {
        this.site = new MpiSite(c, ctx);
    }

    public void rewrite() {
        Clause.Transfer t = site.c.directive().first(Clause.Transfer.class).orElseThrow();
        boolean all = site.is(DirectiveKind.MPI_ALLREDUCE);
        String comm = site.fresh("reduce$comm");
        String root = site.fresh("reduce$root");
        StringBuilder code = new StringBuilder(MpiSite.COMM).append(' ').append(comm).append(" = ")
                .append(MpiSite.COMM).append(".world(); ");
        if (!all) {
            code.append("int ").append(root).append(" = ").append(site.root()).append("; ");
        }
        for (Expr e : t.items()) {
            code.append(t.op() != null ? one(site.item(e), t.op(), all, comm, root)
                    : declared(site.item(e), t.udr(), all, comm, root));
        }
        site.emit(code.toString());
    }

    /** A reduction declared with //omp declare reduction: the values travel as objects. */
    private String declared(Item item, String name, boolean all, String comm, String root) {
        if (item.slice()) {
            throw new TranslationException(item.line(), item.column(), "a declared reduction applies to whole"
                    + " variables, not to the slice of '" + item.variable() + "'");
        }
        Clause.DeclaredReduction d = DeclaredReductions.find(site.ctx, name, item.variable(), item.type(),
                item.line(), item.column());
        String operator = DeclaredReductions.operator(site.ctx, d);
        site.assigns(item);
        if (all) {
            return item.ref() + " = " + comm + ".allreduceObject(" + item.ref() + ", " + operator + "); ";
        }
        String result = site.fresh(item.variable() + "$reduced");
        return "var " + result + " = " + comm + ".reduceObject(" + item.ref() + ", " + operator + ", " + root
                + "); if (" + comm + ".rank() == " + root + ") { " + item.ref() + " = " + result + "; } ";
    }

    private String one(Item item, ReductionOp op, boolean all, String comm, String root) {
        String type = item.type();
        boolean scalar = MpiSite.primitive(type);
        String element = scalar ? type : MpiSite.primitiveArray(type) ? MpiSite.element(type) : null;
        if (element == null) {
            throw new TranslationException(item.line(), item.column(), "cannot reduce '" + item.variable() + "' of"
                    + " type " + type + ": a reduction needs a primitive variable, array or slice");
        }
        if (!op.fits(element)) {
            throw new TranslationException(item.line(), item.column(), "reduction operator '" + op.symbol()
                    + "' does not apply to '" + item.variable() + "' of type " + type);
        }
        String operation = MpiSite.opConstant(op);
        if (scalar) {
            site.assigns(item);
            String cell = site.fresh(item.variable() + "$reduce");
            if (all) {
                return type + "[] " + cell + " = {" + item.ref() + "}; " + comm + ".allreduce(" + cell + ", 0, "
                        + cell + ", 0, 1, " + operation + "); " + item.ref() + " = " + cell + "[0]; ";
            }
            return type + "[] " + cell + " = {" + item.ref() + ", " + item.ref() + "}; " + comm + ".reduce(" + cell
                    + ", 0, " + cell + ", 1, 1, " + operation + ", " + root + "); if (" + comm + ".rank() == " + root
                    + ") { " + item.ref() + " = " + cell + "[1]; } ";
        }
        if (all) {
            return comm + ".allreduce(" + item.ref() + ", " + item.offset() + ", " + item.ref() + ", "
                    + item.offset() + ", " + item.count() + ", " + operation + "); ";
        }
        String count = site.fresh(item.variable() + "$count");
        String result = site.fresh(item.variable() + "$reduced");
        return "int " + count + " = " + item.count() + "; " + type + " " + result + " = new " + element + "[" + count
                + "]; " + comm + ".reduce(" + item.ref() + ", " + item.offset() + ", " + result + ", 0, " + count
                + ", " + operation + ", " + root + "); if (" + comm + ".rank() == " + root + ") { System.arraycopy("
                + result + ", 0, " + item.ref() + ", " + item.offset() + ", " + count + "); } ";
    }
}
