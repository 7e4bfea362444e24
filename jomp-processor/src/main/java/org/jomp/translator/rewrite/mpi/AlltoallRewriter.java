package org.jomp.translator.rewrite.mpi;

import static org.jomp.translator.analysis.JavaTypes.withArticle;

import org.jomp.translator.TranslationException;
import org.jomp.translator.directive.Clause;
import org.jomp.translator.rewrite.Construct;
import org.jomp.translator.rewrite.RewriteContext;

/**
 * {@code //mpi alltoall(source -> target)}: block j of every rank's source goes to rank j, which stores the block
 * from rank i as block i of its target. Source and target are primitive arrays or slices of one element type whose
 * length is a multiple of the number of ranks, or two arrays of objects of one type with one element per rank
 * (serialised).
 */
public final class AlltoallRewriter {

    private final MpiSite site;

    public AlltoallRewriter(Construct c, RewriteContext ctx) {
        this.site = new MpiSite(c, ctx);
    }

    public void rewrite() {
        Clause.Transfer t = site.c.directive().first(Clause.Transfer.class).orElseThrow();
        Item source = site.item(t.items().get(0));
        Item target = site.item(t.target());
        String comm = site.fresh("alltoall$comm");
        if (!MpiSite.primitiveArray(source.type()) && source.type().endsWith("[]") && !source.slice()
                && target.type().equals(source.type()) && !target.slice()) {
            if (!site.serializable(source.variable(), source.type())) {
                throw new TranslationException(source.line(), source.column(), "cannot send the elements of '"
                        + source.variable() + "': its type " + source.type() + " is not Serializable");
            }
            site.emit(MpiSite.COMM + " " + comm + " = " + MpiSite.COMM + ".world(); " + comm + ".alltoallObjects("
                    + "java.util.Arrays.asList(" + source.ref() + ")).toArray(" + target.ref() + "); ");
            return;
        }
        for (Item i : new Item[] {source, target}) {
            if (!MpiSite.primitiveArray(i.type())) {
                throw new TranslationException(i.line(), i.column(), "alltoall needs primitive arrays or slices,"
                        + " or two arrays of objects of one type; '" + i.variable() + "' is "
                        + withArticle(i.type()));
            }
        }
        if (!source.type().equals(target.type())) {
            throw new TranslationException(target.line(), target.column(), "alltoall target '" + target.variable()
                    + "' is " + withArticle(target.type()) + ", the source " + withArticle(source.type()));
        }
        site.emit(MpiSite.COMM + " " + comm + " = " + MpiSite.COMM + ".world(); " + comm + ".alltoall(" + source.ref()
                + ", " + source.offset() + ", " + target.ref() + ", " + target.offset() + ", (" + source.count()
                + ") / " + comm + ".size()); ");
    }
}
