package org.jomp.translator.rewrite;

import org.jomp.translator.TranslationException;
import org.jomp.translator.analysis.Branches;
import org.jomp.translator.directive.Var;

import java.util.List;
import java.util.Set;

/**
 * {@code //omp single}: {@code if (Omp.singleBegin()) { ... } Omp.singleEnd(nowait);}. With copyprivate the thread
 * that ran the block hands its values to the others through {@code Omp.copyPrivate} (which implies the barrier).
 */
final class SingleRewriter {

    private final Construct c;
    private final RewriteContext ctx;

    SingleRewriter(Construct c, RewriteContext ctx) {
        this.c = c;
        this.ctx = ctx;
    }

    void rewrite() {
        var s = c.statement();
        if (ctx.checksJumps(c)) {
            Branches.checkStructured(s, c.writtenName(), false);
        }
        List<Var> copyprivate = c.directive().vars("copyprivate");
        boolean nowait = c.directive().has("nowait");
        if (nowait && !copyprivate.isEmpty()) {
            throw new TranslationException(c.line(), c.column(), "'copyprivate' and 'nowait' exclude each other");
        }
        DataCopies copies = new DataCopies(c, ctx);
        copies.declare(name -> ctx.outer(name, c), Set.of());
        ctx.scope(c, s);
        String omp = ctx.rt("Omp");
        if (copyprivate.isEmpty()) {
            ctx.open(ctx.text().begin(s), "if (" + omp + ".singleBegin()) { " + copies.declarations(), c);
            ctx.close(ctx.text().end(s), " } " + omp + ".singleEnd(" + nowait + ");", c);
            return;
        }
        String values = ctx.fresh("copyprivate$");
        StringBuilder pack = new StringBuilder(values + " = new Object[] {");
        StringBuilder unpack = new StringBuilder();
        for (int i = 0; i < copyprivate.size(); i++) {
            Var v = copyprivate.get(i);
            String type = ctx.typeOf(v, c);
            String outer = ctx.outer(v.name(), c);
            pack.append(i == 0 ? "" : ", ").append(outer);
            unpack.append(outer).append(" = (").append(type).append(") ").append(values).append('[').append(i)
                    .append("]; ");
        }
        pack.append("}; ");
        ctx.open(ctx.text().begin(s), "{ Object[] " + values + " = null; if (" + omp + ".singleBegin()) { "
                + copies.declarations(), c);
        ctx.close(ctx.text().end(s), " " + pack + "} " + omp + ".singleEnd(true); " + values + " = " + omp
                + ".copyPrivate(" + values + "); " + unpack + "}", c);
    }
}
