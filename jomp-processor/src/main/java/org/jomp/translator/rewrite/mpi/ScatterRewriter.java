package org.jomp.translator.rewrite.mpi;

import static org.jomp.translator.analysis.JavaTypes.withArticle;

import org.jomp.translator.TranslationException;
import org.jomp.translator.directive.Clause;
import org.jomp.translator.rewrite.Construct;
import org.jomp.translator.rewrite.RewriteContext;

/**
 * {@code //mpi scatter(source -> target) [root(e)]}: the root's source is cut into one block per rank, in rank
 * order, and each rank receives its block into target.
 *
 * <ul>
 *   <li>a primitive array or slice goes into a primitive array or slice (each rank's target length is the size
 *       of its block, which may differ between ranks: the root gathers the lengths first, and the blocks follow
 *       one another in rank order) or, one element per rank, into a primitive variable;</li>
 *   <li>an array of objects gives each rank one element (serialised), assigned to the target;</li>
 *   <li>any other source must be a {@code org.jomp.msg.Divisible}: each rank's part is assigned to the target.</li>
 * </ul>
 * The source is read on the root only, so other ranks may hold null there.
 */
public final class ScatterRewriter {

    private final MpiSite site;

    public ScatterRewriter(Construct c, RewriteContext ctx) {
        this.site = new MpiSite(c, ctx);
    }

    public void rewrite() {
        Clause.Transfer t = site.c.directive().first(Clause.Transfer.class).orElseThrow();
        Item source = site.item(t.items().get(0));
        Item target = site.item(t.target());
        String comm = site.fresh("scatter$comm");
        StringBuilder code = new StringBuilder(MpiSite.COMM).append(' ').append(comm).append(" = ")
                .append(MpiSite.COMM).append(".world(); ");
        String root = site.root();
        if (MpiSite.primitiveArray(source.type())) {
            String element = MpiSite.element(source.type());
            if (MpiSite.primitive(target.type()) && target.type().equals(element)) {
                site.assigns(target);
                String cell = site.fresh(target.variable() + "$scatter");
                code.append(element).append("[] ").append(cell).append(" = new ").append(element).append("[1]; ")
                        .append(comm).append(".scatter(").append(source.ref()).append(", ").append(source.offset())
                        .append(", ").append(cell).append(", 0, 1, ").append(root).append("); ")
                        .append(target.ref()).append(" = ").append(cell).append("[0]; ");
            } else if (target.type().equals(source.type())) {
                // Targets may differ in length (a rank's share of rows): the root gathers the lengths first.
                String count = site.fresh(target.variable() + "$count");
                String counts = site.fresh(target.variable() + "$counts");
                String displs = site.fresh(target.variable() + "$displs");
                String rootName = site.fresh(target.variable() + "$root");
                String q = site.fresh("rank$");
                code.append("int ").append(rootName).append(" = ").append(root).append("; int ").append(count)
                        .append(" = ").append(target.count()).append("; int[] ").append(counts).append(" = new int[")
                        .append(comm).append(".size()], ").append(displs).append(" = new int[").append(comm)
                        .append(".size()]; ").append(comm).append(".gather(new int[] {").append(count)
                        .append("}, 0, ").append(counts).append(", 0, 1, ").append(rootName).append("); for (int ")
                        .append(q).append(" = 1; ").append(q).append(" < ").append(counts).append(".length; ")
                        .append(q).append("++) { ").append(displs).append("[").append(q).append("] = ")
                        .append(displs).append("[").append(q).append(" - 1] + ").append(counts).append("[")
                        .append(q).append(" - 1]; } for (int ").append(q).append(" = 0; ").append(q).append(" < ")
                        .append(displs).append(".length; ").append(q).append("++) { ").append(displs).append("[")
                        .append(q).append("] += ").append(source.offset()).append("; } ").append(comm)
                        .append(".scatterv(").append(source.ref()).append(", ").append(counts).append(", ")
                        .append(displs).append(", ").append(target.ref()).append(", ").append(target.offset())
                        .append(", ").append(count).append(", ").append(rootName).append("); ");
            } else {
                throw new TranslationException(target.line(), target.column(), "scatter target '"
                        + target.variable() + "' is " + withArticle(target.type()) + ": it must be "
                        + withArticle(source.type()) + " or " + withArticle(element) + " to receive part of '"
                        + source.variable() + "'");
            }
        } else if (source.type().endsWith("[]") && !source.slice()) {
            site.assigns(target);
            code.append(target.ref()).append(" = ").append(comm).append(".scatterObjects(").append(source.ref())
                    .append(" == null ? null : java.util.Arrays.asList(").append(source.ref()).append("), ")
                    .append(root).append("); ");
        } else if (site.knownNotDivisible(source.type()) || source.slice()) {
            throw new TranslationException(source.line(), source.column(), "scatter source '" + source.variable()
                    + "' is " + withArticle(source.type()) + ": it must be an array or an org.jomp.msg.Divisible");
        } else {
            site.assigns(target);
            code.append(target.ref()).append(" = ").append(comm).append(".scatter(").append(source.ref())
                    .append(", ").append(root).append("); ");
        }
        site.emit(code.toString());
    }
}
