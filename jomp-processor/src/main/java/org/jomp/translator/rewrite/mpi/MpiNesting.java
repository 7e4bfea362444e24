package org.jomp.translator.rewrite.mpi;

import org.jomp.translator.directive.DirectiveKind;
import org.jomp.translator.rewrite.Construct;
import org.jomp.translator.rewrite.RewriteContext;

/**
 * Where {@code //mpi} directives may stand. Every rank must make the same collectives in the same order, so a
 * collective may not be inside a construct that runs it a different number of times on different ranks or threads:
 * a work-sharing loop or sections, a critical section (the other threads of the rank would wait for the lock while
 * the other ranks wait for this one), a task, a distributed loop, or a statement for one rank only. A distributed
 * loop stands outside every other construct (threads inside it are fine).
 */
public final class MpiNesting {

    private MpiNesting() {
    }

    public static void check(Construct c) {
        DirectiveKind k = c.kind();
        if (k == DirectiveKind.MPI_FOR && c.parent() != null) {
            Construct p = c.parent();
            throw RewriteContext.error(c, "'mpi for' may not be nested inside '" + p.kind().text() + "' (line "
                    + p.line() + "): a distributed loop is run by every rank, outside threads and other loops"
                    + " (put //omp parallel for inside it, or use //mpi parallel for)");
        }
        if (!k.collective()) {
            return;
        }
        for (Construct p = c.parent(); p != null; p = p.parent()) {
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
