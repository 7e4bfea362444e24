package org.jomp.translator.rewrite;

import org.jomp.translator.analysis.Branches;

/**
 * {@code //omp critical [(name)]}: one lock per name, shared by the whole program (the unnamed critical section is
 * one more name): {@code CriticalLock l = Omp.critical("name"); l.lock(); try { ... } finally { l.unlock(); }}.
 */
final class CriticalRewriter {

    private final Construct c;
    private final RewriteContext ctx;

    CriticalRewriter(Construct c, RewriteContext ctx) {
        this.c = c;
        this.ctx = ctx;
    }

    void rewrite() {
        var s = c.statement();
        if (ctx.checksJumps(c)) {
            Branches.checkStructured(s, c.writtenName(), false);
        }
        String name = c.directive().argument();
        String lock = ctx.fresh((name == null ? "critical" : name) + "$lock");
        ctx.scope(c, s);
        ctx.open(ctx.text().begin(s), "{ " + ctx.rt("CriticalLock") + " " + lock + " = " + ctx.rt("Omp")
                + ".critical(\"" + (name == null ? "" : name) + "\"); " + lock + ".lock(); try { ", c);
        ctx.close(ctx.text().end(s), " } finally { " + lock + ".unlock(); } }", c);
    }
}
