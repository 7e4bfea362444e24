package org.jomp.translator.rewrite;

/** Dispatches each construct to the rewriter of its kind. */
public final class Rewriters {

    private Rewriters() {
    }

    /**
     * Work that must happen before any construct is rewritten: declaring thread-private fields, moving task-shared
     * locals into cells. The references to thread-private fields, of this file or others, are rewritten last.
     */
    public static void prepare(java.util.List<Construct> preorder, RewriteContext ctx,
                               java.util.function.Consumer<org.jomp.translator.TranslationException> errors) {
        for (Construct c : preorder) {
            try {
                if (c.kind() == org.jomp.translator.directive.DirectiveKind.THREADPRIVATE) {
                    new ThreadPrivateRewriter(c, ctx).declare();
                } else if (c.kind() == org.jomp.translator.directive.DirectiveKind.DECLARE_REDUCTION) {
                    ctx.declareReduction(c.directive().first(
                            org.jomp.translator.directive.Clause.DeclaredReduction.class).orElseThrow());
                }
            } catch (org.jomp.translator.TranslationException e) {
                errors.accept(e);
            }
        }
        if (ctx.mayNameThreadPrivate()) {
            ctx.afterRewriting(() -> ThreadPrivateRewriter.rewriteAccesses(ctx));
        }
        TaskSharing.promote(preorder, ctx);
    }

    public static void rewrite(Construct c, RewriteContext ctx) {
        switch (c.kind()) {
            case PARALLEL -> new ParallelRewriter(c, ctx).rewrite();
            case FOR -> new ForRewriter(c, ctx).rewrite();
            case SINGLE -> new SingleRewriter(c, ctx).rewrite();
            case MASTER, MASKED -> new MasterRewriter(c, ctx).rewrite();
            case CRITICAL -> new CriticalRewriter(c, ctx).rewrite();
            case BARRIER, FLUSH, TASKWAIT, TASKYIELD -> new StandaloneRewriter(c, ctx).rewrite();
            case SECTIONS -> new SectionsRewriter(c, ctx).rewrite();
            case SECTION -> new SectionRewriter(c, ctx).rewrite();
            case ORDERED -> new OrderedRewriter(c, ctx).rewrite();
            case ATOMIC -> new AtomicRewriter(c, ctx).rewrite();
            case ONLY -> new OnlyRewriter(c, ctx).rewrite();
            case CANCEL, CANCELLATION_POINT -> new Cancellation(c, ctx).rewrite();
            case TASK, TASKLOOP -> new TaskRewriter(c, ctx).rewrite();
            case TASKGROUP -> new ParallelRewriter(c, ctx).rewrite();
            case MPI_FOR -> new org.jomp.translator.rewrite.mpi.DistributedForRewriter(c, ctx).rewrite();
            case MPI_BCAST -> new org.jomp.translator.rewrite.mpi.BcastRewriter(c, ctx).rewrite();
            case MPI_REDUCE, MPI_ALLREDUCE -> new org.jomp.translator.rewrite.mpi.ReduceRewriter(c, ctx).rewrite();
            case MPI_SCATTER -> new org.jomp.translator.rewrite.mpi.ScatterRewriter(c, ctx).rewrite();
            case MPI_GATHER, MPI_ALLGATHER -> new org.jomp.translator.rewrite.mpi.GatherRewriter(c, ctx).rewrite();
            case MPI_ALLTOALL -> new org.jomp.translator.rewrite.mpi.AlltoallRewriter(c, ctx).rewrite();
            case MPI_BARRIER -> new org.jomp.translator.rewrite.mpi.MpiBarrierRewriter(c, ctx).rewrite();
            case MPI_MASTER, MPI_ON -> new org.jomp.translator.rewrite.mpi.RankConditionalRewriter(c, ctx).rewrite();
            case THREADPRIVATE, DECLARE_REDUCTION -> {
                // Declared by prepare(), before any construct could refer to them.
            }
            default -> throw RewriteContext.error(c, "'" + c.kind().text() + "' is not translated yet");
        }
    }
}
