package org.jomp.translator.rewrite.mpi;

import static org.jomp.translator.analysis.JavaTypes.withArticle;

import org.jomp.translator.TranslationException;
import org.jomp.translator.directive.Clause;
import org.jomp.translator.directive.DirectiveKind;
import org.jomp.translator.rewrite.Construct;
import org.jomp.translator.rewrite.RewriteContext;

/**
 * {@code //mpi gather(source -> target) [root(e)]} and {@code //mpi allgather(source -> target)}: every rank's
 * source is stored as block r (rank order) of the target, on the root or on every rank.
 *
 * <ul>
 *   <li>a primitive variable, array or slice goes into a primitive array or slice, without serialisation; arrays
 *       and slices may differ in length between ranks (their lengths are all-gathered first), and land one after
 *       the other in rank order;</li>
 *   <li>an object goes, serialised, into element r of an array of objects;</li>
 *   <li>into any other target, which must be a {@code org.jomp.msg.Divisible}, as part r.</li>
 * </ul>
 * The target is written on the root only for gather, so other ranks may hold null there.
 */
public final class GatherRewriter {

    private final MpiSite site;

    public GatherRewriter(Construct c, RewriteContext ctx) {
        this.site = new MpiSite(c, ctx);
    }

    public void rewrite() {
        Clause.Transfer t = site.c.directive().first(Clause.Transfer.class).orElseThrow();
        boolean all = site.is(DirectiveKind.MPI_ALLGATHER);
        Item source = site.item(t.items().get(0));
        Item target = site.item(t.target());
        String comm = site.fresh("gather$comm");
        StringBuilder code = new StringBuilder(MpiSite.COMM).append(' ').append(comm).append(" = ")
                .append(MpiSite.COMM).append(".world(); ");
        String root = all ? "" : ", " + site.root();
        String call = all ? ".allgather(" : ".gather(";
        boolean scalar = MpiSite.primitive(source.type());
        if (scalar || MpiSite.primitiveArray(source.type())) {
            String element = scalar ? source.type() : MpiSite.element(source.type());
            if (!target.type().equals(element + "[]")) {
                throw new TranslationException(target.line(), target.column(), "gather target '"
                        + target.variable() + "' is " + withArticle(target.type()) + ": it must be "
                        + withArticle(element + "[]") + " to receive '" + source.variable() + "'");
            }
            if (scalar) {
                String buffer = site.fresh(source.variable() + "$gather");
                code.append(element).append("[] ").append(buffer).append(" = {").append(source.ref()).append("}; ")
                        .append(comm).append(call).append(buffer).append(", 0, ").append(target.ref()).append(", ")
                        .append(target.offset()).append(", 1").append(root).append("); ");
            } else {
                // Blocks may differ in length (a rank's share of rows): the lengths are all-gathered first.
                String count = site.fresh(source.variable() + "$count");
                String counts = site.fresh(source.variable() + "$counts");
                String displs = site.fresh(source.variable() + "$displs");
                String q = site.fresh("rank$");
                code.append("int ").append(count).append(" = ").append(source.count()).append("; int[] ")
                        .append(counts).append(" = new int[").append(comm).append(".size()], ").append(displs)
                        .append(" = new int[").append(comm).append(".size()]; ").append(comm)
                        .append(".allgather(new int[] {").append(count).append("}, 0, ").append(counts)
                        .append(", 0, 1); for (int ").append(q).append(" = 1; ").append(q).append(" < ")
                        .append(counts).append(".length; ").append(q).append("++) { ").append(displs).append("[")
                        .append(q).append("] = ").append(displs).append("[").append(q).append(" - 1] + ")
                        .append(counts).append("[").append(q).append(" - 1]; } ");
                if (target.slice()) {
                    code.append("for (int ").append(q).append(" = 0; ").append(q).append(" < ").append(displs)
                            .append(".length; ").append(q).append("++) { ").append(displs).append("[").append(q)
                            .append("] += ").append(target.offset()).append("; } ");
                }
                code.append(comm).append(all ? ".allgatherv(" : ".gatherv(").append(source.ref()).append(", ")
                        .append(source.offset()).append(", ").append(count).append(", ").append(target.ref())
                        .append(", ").append(counts).append(", ").append(displs).append(root).append("); ");
            }
        } else if (target.type().endsWith("[]")) {
            if (!site.serializable(source.variable(), source.type())) {
                throw new TranslationException(source.line(), source.column(), "cannot gather '" + source.variable()
                        + "': its type " + source.type() + " is not Serializable");
            }
            String parts = site.fresh(source.variable() + "$parts");
            String r = site.fresh("rank$");
            code.append("java.util.List<").append(boxed(source.type())).append("> ").append(parts).append(" = ")
                    .append(comm).append(all ? ".allgatherObjects(" : ".gatherObjects(").append(source.ref())
                    .append(root).append("); if (").append(parts).append(" != null) { for (int ").append(r)
                    .append(" = 0; ").append(r).append(" < ").append(parts).append(".size(); ").append(r)
                    .append("++) { ").append(target.ref()).append("[").append(target.offset()).append(" + ")
                    .append(r).append("] = ").append(parts).append(".get(").append(r).append("); } } ");
        } else if (site.knownNotDivisible(target.type())) {
            throw new TranslationException(target.line(), target.column(), "gather target '" + target.variable()
                    + "' is " + withArticle(target.type()) + ": it must be an array or an org.jomp.msg.Divisible");
        } else {
            code.append(comm).append(call).append(source.ref()).append(", ").append(target.ref()).append(root)
                    .append("); ");
        }
        site.emit(code.toString());
    }

    private static String boxed(String type) {
        return type.contains("<") ? type.substring(0, type.indexOf('<')) + "<?>" : type;
    }
}
