package org.jomp.translator.rewrite.mpi;

import org.jomp.translator.directive.DirectiveKind;
import org.jomp.translator.rewrite.Construct;
import org.jomp.translator.rewrite.RewriteContext;

/**
 * Where {@code //mpi} directives may stand. Every rank must make the same collectives in the same order, so a
 * collective may not be inside a construct that runs it a different number of times on different ranks or threads:
 * a work-sharing loop or sections, a critical section (the other threads of the rank would wait for the lock while
 * the other ranks wait for this one), a task, a distributed loop, or a statement for one rank only. A distributed
 * loop stands outside every other construct (threads inside it are fine), or directly in a parallel region stacked
 * over an //omp for, without clauses that communicate.
 */
public final class MpiNesting {

    private MpiNesting() {
    }

    /**
     * A distributed loop inside a parallel region is allowed stacked over an //omp for on the same loop, directly in
     * the region: each thread computes the rank's bounds and the team divides them.
     */
    private static boolean sharedByTeam(Construct c) {
        boolean stacked = c.children().stream()
                .anyMatch(d -> d.kind() == DirectiveKind.FOR && d.statement() == c.statement());
        Construct p = c.parent();
        return stacked && p.kind() == DirectiveKind.PARALLEL && p.statement() != c.statement();
    }

    public static void check(Construct c) {
        DirectiveKind k = c.kind();
        if (k == DirectiveKind.MPI_FOR && c.parent() != null && !sharedByTeam(c)) {
            Construct p = c.parent();
            throw RewriteContext.error(c, "'mpi for' may not be nested inside '" + p.kind().text() + "' (line "
                    + p.line() + "): a distributed loop is run by every rank, outside other constructs, or in a"
                    + " parallel region stacked over //omp for (put //omp parallel for inside it, or use"
                    + " //mpi parallel for)");
        }
        if (k == DirectiveKind.MPI_FOR && c.parent() != null) {
            for (String clause : new String[] {"reduction", "gather", "allgather"}) {
                if (c.directive().has(clause)) {
                    throw RewriteContext.error(c, "inside a parallel region 'mpi for' takes no " + clause
                            + " clause (every thread would make the collective): follow the loop with //mpi "
                            + (clause.equals("reduction") ? "allreduce" : "gather or allgather"));
                }
            }
        }
        if (!k.collective()) {
            return;
        }
        int regions = 0;
        for (Construct p = c.parent(); p != null; p = p.parent()) {
            if (p.kind() == DirectiveKind.PARALLEL && ++regions == 2) {
                throw RewriteContext.error(c, "collective '" + k.text() + "' may not be inside nested parallel"
                        + " regions (line " + p.line() + " and an inner one): thread 0 of every inner team would"
                        + " make it; put it in the outer region");
            }
            String why = switch (p.kind()) {
                case FOR, SECTIONS, SECTION, TASKLOOP -> "a work-sharing construct";
                case CRITICAL -> "a critical section";
                case ORDERED -> "an ordered block";
                case TASK -> "a task";
                case MPI_FOR -> "a distributed loop (ranks run different numbers of iterations)";
                case MPI_MASTER, MPI_ON -> "a statement run by one rank only";
                default -> null;
            };
            if (why != null) {
                throw RewriteContext.error(c, "collective '" + k.text() + "' may not be inside " + why + " ('"
                        + p.kind().text() + "', line " + p.line() + "): every rank must call it, once per thread"
                        + " team, in the same order");
            }
        }
    }
}
