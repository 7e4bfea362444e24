package org.jomp.translator.rewrite;

import org.jomp.translator.analysis.Branches;
import org.jomp.translator.directive.DirectiveKind;

/**
 * {@code //omp master} and {@code //omp masked [filter(n)]}: the block runs in thread 0 (or thread n) of the team,
 * with no barrier: {@code if (Omp.masterBegin(0)) { try { ... } finally { Omp.masterEnd(); } }}. The runtime keeps
 * count so that an orphaned construct reached from the block knows one thread runs it.
 */
final class MasterRewriter {

    private final Construct c;
    private final RewriteContext ctx;

    MasterRewriter(Construct c, RewriteContext ctx) {
        this.c = c;
        this.ctx = ctx;
    }

    void rewrite() {
        var s = c.statement();
        if (ctx.checksJumps(c)) {
            Branches.checkStructured(s, c.writtenName(), false);
        }
        String thread = c.kind() == DirectiveKind.MASKED
                ? c.directive().value("filter").map(f -> "(" + ctx.renderCount(f.expr(), c) + ")").orElse("0")
                : "0";
        ctx.scope(c, s);
        String omp = ctx.rt("Omp");
        ctx.open(ctx.text().begin(s), "if (" + omp + ".masterBegin(" + thread + ")) { try { ", c);
        ctx.close(ctx.text().end(s), " } finally { " + omp + ".masterEnd(); } }", c);
    }
}
