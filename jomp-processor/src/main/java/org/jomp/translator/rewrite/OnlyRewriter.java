package org.jomp.translator.rewrite;

/**
 * JOMP 1.0b's {@code //omp only <statement>}: the statement in the comment runs only in the translation. It is
 * written in front of the comment, on its line.
 */
final class OnlyRewriter {

    private final Construct c;
    private final RewriteContext ctx;

    OnlyRewriter(Construct c, RewriteContext ctx) {
        this.c = c;
        this.ctx = ctx;
    }

    void rewrite() {
        String statement = c.directive().argument();
        ctx.onDirectiveLine(c, ctx.renderStatement(statement, c.line(), c.directive().argColumn(), c) + " ");
    }
}
