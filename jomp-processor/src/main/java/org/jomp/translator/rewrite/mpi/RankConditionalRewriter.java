package org.jomp.translator.rewrite.mpi;

import org.jomp.translator.analysis.Branches;
import org.jomp.translator.directive.DirectiveKind;
import org.jomp.translator.rewrite.Construct;
import org.jomp.translator.rewrite.RewriteContext;

/**
 * {@code //mpi master} and {@code //mpi on(e)}: the statement runs on rank 0 (or rank e) only:
 * {@code if (Comm.world().rank() == e) { ... }}. It is a condition on the rank, not a team construct: inside an
 * {@code //omp parallel} region every thread of that rank runs it.
 */
public final class RankConditionalRewriter {

    private final MpiSite site;

    public RankConditionalRewriter(Construct c, RewriteContext ctx) {
        this.site = new MpiSite(c, ctx);
    }

    public void rewrite() {
        Construct c = site.c;
        var s = c.statement();
        if (site.ctx.checksJumps(c)) {
            Branches.checkStructured(s, c.writtenName(), false);
        }
        String rank = c.kind() == DirectiveKind.MPI_ON
                ? "(" + site.rank(new org.jomp.translator.directive.Expr(c.directive().argument(), c.line(),
                c.directive().argColumn()), "on") + ")"
                : "0";
        site.ctx.scope(c, s);
        site.ctx.open(site.ctx.text().begin(s), "if (" + MpiSite.COMM + ".world().rank() == " + rank + ") { ", c);
        site.ctx.close(site.ctx.text().end(s), " }", c);
    }
}
