package org.jomp.translator.rewrite.mpi;

import org.jomp.translator.rewrite.Construct;
import org.jomp.translator.rewrite.RewriteContext;

/** {@code //mpi barrier}: no rank goes on until every rank has reached it. */
public final class MpiBarrierRewriter {

    private final MpiSite site;

    public MpiBarrierRewriter(Construct c, RewriteContext ctx) {
        this.site = new MpiSite(c, ctx);
    }

    public void rewrite() {
        site.emit(MpiSite.COMM + ".world().barrier(); ");
    }
}
