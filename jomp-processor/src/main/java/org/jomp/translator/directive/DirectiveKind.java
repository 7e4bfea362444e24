package org.jomp.translator.directive;

import java.util.Set;

/** The {@code //omp} directives and the clauses each accepts (OpenMP 5.2, plus JOMP 1.0b's {@code only}). */
public enum DirectiveKind {
    PARALLEL("parallel", Set.of("if", "num_threads", "default", "private", "firstprivate", "shared", "reduction",
            "copyin", "proc_bind")),
    FOR("for", Set.of("private", "firstprivate", "lastprivate", "reduction", "schedule", "collapse", "ordered",
            "nowait")),
    PARALLEL_FOR("parallel for", union(PARALLEL, FOR, "nowait")),
    SECTIONS("sections", Set.of("private", "firstprivate", "lastprivate", "reduction", "nowait")),
    PARALLEL_SECTIONS("parallel sections", union(PARALLEL, SECTIONS, "nowait")),
    SECTION("section", Set.of()),
    SINGLE("single", Set.of("private", "firstprivate", "copyprivate", "nowait")),
    MASTER("master", Set.of()),
    MASKED("masked", Set.of("filter")),
    CRITICAL("critical", Set.of()),
    ATOMIC("atomic", Set.of()),
    BARRIER("barrier", Set.of()),
    FLUSH("flush", Set.of()),
    ORDERED("ordered", Set.of()),
    THREADPRIVATE("threadprivate", Set.of()),
    TASK("task", Set.of("if", "final", "untied", "mergeable", "default", "private", "firstprivate", "shared",
            "depend", "priority")),
    TASKWAIT("taskwait", Set.of()),
    TASKYIELD("taskyield", Set.of()),
    TASKGROUP("taskgroup", Set.of()),
    TASKLOOP("taskloop", Set.of("if", "final", "untied", "mergeable", "default", "private", "firstprivate",
            "shared", "grainsize", "num_tasks", "nogroup", "priority")),
    CANCEL("cancel", Set.of("if")),
    CANCELLATION_POINT("cancellation point", Set.of()),
    ONLY("only", Set.of()),
    DECLARE_REDUCTION("declare reduction", Set.of()),
    // //mpi directives (docs/directives-mpi.md), parsed by directive.mpi.MpiDirectiveParser.
    MPI_FOR("mpi for", Set.of("schedule", "reduction", "gather", "allgather", "root", "elements")),
    MPI_PARALLEL_FOR("mpi parallel for", Set.of("schedule", "reduction", "gather", "allgather", "root", "elements",
            "num_threads")),
    MPI_BCAST("mpi bcast", Set.of("root", "nowait")),
    MPI_REDUCE("mpi reduce", Set.of("root", "nowait")),
    MPI_ALLREDUCE("mpi allreduce", Set.of("nowait")),
    MPI_SCATTER("mpi scatter", Set.of("root", "nowait")),
    MPI_GATHER("mpi gather", Set.of("root", "nowait")),
    MPI_ALLGATHER("mpi allgather", Set.of("nowait")),
    MPI_ALLTOALL("mpi alltoall", Set.of("nowait")),
    MPI_BARRIER("mpi barrier", Set.of("nowait")),
    MPI_MASTER("mpi master", Set.of()),
    MPI_ON("mpi on", Set.of());

    private final String text;
    private final Set<String> clauses;

    DirectiveKind(String text, Set<String> clauses) {
        this.text = text;
        this.clauses = clauses;
    }

    /** Whether this is an {@code //mpi} directive. */
    public boolean mpi() {
        return name().startsWith("MPI_");
    }

    /** The directive as written, e.g. {@code "parallel for"}. */
    public String text() {
        return text;
    }

    public boolean allows(String clause) {
        return clauses.contains(clause);
    }

    /** Directives that stand alone: they take no statement after them. */
    public boolean standalone() {
        return switch (this) {
            case BARRIER, FLUSH, THREADPRIVATE, TASKWAIT, TASKYIELD, CANCEL, CANCELLATION_POINT, ONLY,
                 DECLARE_REDUCTION -> true;
            default -> collective();
        };
    }

    /** The {@code //mpi} directives that every rank calls together (a collective operation of the world). */
    public boolean collective() {
        return switch (this) {
            case MPI_BCAST, MPI_REDUCE, MPI_ALLREDUCE, MPI_SCATTER, MPI_GATHER, MPI_ALLGATHER, MPI_ALLTOALL,
                 MPI_BARRIER -> true;
            default -> false;
        };
    }

    /** Work-sharing constructs bind to the innermost team and may not nest directly in one another. */
    public boolean workSharing() {
        return switch (this) {
            case FOR, SECTIONS, SINGLE -> true;
            default -> false;
        };
    }

    private static Set<String> union(DirectiveKind a, DirectiveKind b, String without) {
        java.util.HashSet<String> s = new java.util.HashSet<>(a.clauses);
        s.addAll(b.clauses);
        s.remove(without);
        return Set.copyOf(s);
    }
}
