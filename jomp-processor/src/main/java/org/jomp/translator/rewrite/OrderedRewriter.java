package org.jomp.translator.rewrite;

import org.jomp.translator.analysis.Branches;
import org.jomp.translator.directive.DirectiveKind;

/**
 * {@code //omp ordered}: the block runs in the order of the iterations of the enclosing ordered loop,
 * {@code Omp.orderedBegin(i); try { ... } finally { Omp.orderedEnd(); }}.
 */
final class OrderedRewriter {

    private final Construct c;
    private final RewriteContext ctx;

    OrderedRewriter(Construct c, RewriteContext ctx) {
        this.c = c;
        this.ctx = ctx;
    }

    void rewrite() {
        var s = c.statement();
        if (ctx.checksJumps(c)) {
            Branches.checkStructured(s, c.writtenName(), false);
        }
        Construct loop = c.enclosing(DirectiveKind.FOR);
        String index = loop.facts().get("orderedIndex");
        if (index == null) {
            throw RewriteContext.error(c, "'ordered' must be inside a loop with the 'ordered' clause");
        }
        ctx.scope(c, s);
        String omp = ctx.rt("Omp");
        ctx.open(ctx.text().begin(s), omp + ".orderedBegin(" + index + "); try { ", c);
        ctx.close(ctx.text().end(s), " } finally { " + omp + ".orderedEnd(); }", c);
    }
}
