package org.jomp.translator.rewrite;

/** Dispatches each construct to the rewriter of its kind. */
public final class Rewriters {

    private Rewriters() {
    }

    public static void rewrite(Construct c, RewriteContext ctx) {
        switch (c.kind()) {
            case PARALLEL -> new ParallelRewriter(c, ctx).rewrite();
            case FOR -> new ForRewriter(c, ctx).rewrite();
            case SINGLE -> new SingleRewriter(c, ctx).rewrite();
            case MASTER, MASKED -> new MasterRewriter(c, ctx).rewrite();
            case CRITICAL -> new CriticalRewriter(c, ctx).rewrite();
            case BARRIER, FLUSH, TASKWAIT, TASKYIELD -> new StandaloneRewriter(c, ctx).rewrite();
            default -> throw RewriteContext.error(c, "'" + c.kind().text() + "' is not translated yet");
        }
    }
}
