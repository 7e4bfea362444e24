package org.jomp.translator.rewrite;

/** {@code //omp section}: its case of the enclosing sections' switch is written by {@link SectionsRewriter}. */
final class SectionRewriter {

    private final Construct c;
    private final RewriteContext ctx;

    SectionRewriter(Construct c, RewriteContext ctx) {
        this.c = c;
        this.ctx = ctx;
    }

    void rewrite() {
        ctx.scope(c, c.statement());
    }
}
