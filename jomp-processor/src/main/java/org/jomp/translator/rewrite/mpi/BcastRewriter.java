package org.jomp.translator.rewrite.mpi;

import org.jomp.translator.TranslationException;
import org.jomp.translator.directive.Clause;
import org.jomp.translator.directive.Expr;
import org.jomp.translator.rewrite.Construct;
import org.jomp.translator.rewrite.RewriteContext;

/**
 * {@code //mpi bcast(items) [root(e)]}: every rank gets the root's value of each item, on the directive's line.
 *
 * <ul>
 *   <li>a primitive variable travels in a one-element array and is assigned back;</li>
 *   <li>a primitive array (or slice {@code a[from : to]}) is overwritten in place, without serialisation: every
 *       rank must hold an array of that length already, as in MPI;</li>
 *   <li>an array of primitive arrays (a matrix, or rows {@code m[from : to]}) row by row, in place;</li>
 *   <li>anything else is sent as a Serializable object, and the variable is assigned the received copy.</li>
 * </ul>
 */
public final class BcastRewriter {

    private final MpiSite site;

    public BcastRewriter(Construct c, RewriteContext ctx) {
        this.site = new MpiSite(c, ctx);
    }

    public void rewrite() {
        Clause.Transfer t = site.c.directive().first(Clause.Transfer.class).orElseThrow();
        String comm = site.fresh("bcast$comm");
        String root = site.fresh("bcast$root");
        StringBuilder code = new StringBuilder(MpiSite.COMM).append(' ').append(comm).append(" = ")
                .append(MpiSite.COMM).append(".world(); int ").append(root).append(" = ").append(site.root())
                .append("; ");
        for (Expr e : t.items()) {
            code.append(one(site.item(e), comm, root));
        }
        site.emit(code.toString());
    }

    private String one(Item item, String comm, String root) {
        String type = item.type();
        if (MpiSite.primitive(type)) {
            site.assigns(item);
            String cell = site.fresh(item.variable() + "$bcast");
            return type + "[] " + cell + " = {" + item.ref() + "}; " + comm + ".bcast(" + cell + ", 0, 1, " + root
                    + "); " + item.ref() + " = " + cell + "[0]; ";
        }
        if (MpiSite.primitiveArray(type)) {
            return comm + ".bcast(" + item.ref() + ", " + item.offset() + ", " + item.count() + ", " + root + "); ";
        }
        if (type.endsWith("[][]") && MpiSite.primitiveArray(MpiSite.element(type))) {
            String row = site.fresh(item.variable() + "$row");
            String from = item.slice() ? item.offset() : "0";
            String to = item.slice() ? "(" + item.to() + ")" : item.ref() + ".length";
            return "for (int " + row + " = " + from + "; " + row + " < " + to + "; " + row + "++) { " + comm
                    + ".bcast(" + item.ref() + "[" + row + "], 0, " + item.ref() + "[" + row + "].length, " + root
                    + "); } ";
        }
        if (item.slice()) {
            throw new TranslationException(item.line(), item.column(), "a slice of '" + item.variable() + "' ("
                    + type + ") cannot be broadcast in place: slices are of primitive arrays or matrices");
        }
        if (!site.serializable(item.variable(), type)) {
            throw new TranslationException(item.line(), item.column(), "cannot broadcast '" + item.variable()
                    + "': its type " + type + " is not Serializable (implement java.io.Serializable, or broadcast"
                    + " primitive fields or arrays)");
        }
        site.assigns(item);
        return item.ref() + " = " + comm + ".bcastObject(" + item.ref() + ", " + root + "); ";
    }
}
