package org.jomp.translator.rewrite;

import org.jomp.translator.directive.DirectiveKind;

/**
 * Stand-alone directives become one call in front of their comment, on its line: {@code Omp.barrier();},
 * {@code Omp.flush();}, {@code Omp.taskwait();}; taskyield (a scheduling hint) becomes {@code Thread.yield();}.
 */
final class StandaloneRewriter {

    private final Construct c;
    private final RewriteContext ctx;

    StandaloneRewriter(Construct c, RewriteContext ctx) {
        this.c = c;
        this.ctx = ctx;
    }

    void rewrite() {
        String omp = ctx.rt("Omp");
        String call = switch (c.kind()) {
            case BARRIER -> omp + ".barrier(); ";
            case FLUSH -> omp + ".flush(); ";
            case TASKWAIT -> omp + ".taskwait(); ";
            case TASKYIELD -> "Thread.yield(); ";
            default -> throw new IllegalStateException("not a stand-alone directive: " + c.kind());
        };
        if (c.kind() == DirectiveKind.FLUSH) {
            c.directive().names().forEach(v -> ctx.checkKnown(v, c));
        }
        ctx.onDirectiveLine(c, call);
    }
}
