package org.jomp.translator.annotation;

import org.jomp.translator.directive.DirectiveKind;

import java.util.Set;

/** The annotations of org.jomp.annotations, where each may stand, and the directive or clause each stands for. */
enum AnnotationKind {
    PARALLEL_FOR("ParallelFor", Form.LOOP, DirectiveKind.PARALLEL_FOR, null,
            Set.of("schedule", "chunk", "numThreads", "condition", "reduction", "privateVars", "firstPrivate",
                    "lastPrivate", "shared", "collapse", "ordered", "defaultNone")),
    FOR("For", Form.LOOP, DirectiveKind.FOR, null,
            Set.of("schedule", "chunk", "reduction", "privateVars", "firstPrivate", "lastPrivate", "collapse",
                    "ordered", "nowait")),
    PARALLEL("Parallel", Form.METHOD, DirectiveKind.PARALLEL, null,
            Set.of("numThreads", "condition", "reduction", "privateVars", "firstPrivate", "shared", "defaultNone")),
    CRITICAL("Critical", Form.METHOD, DirectiveKind.CRITICAL, null, Set.of("value")),
    SECTIONS("Sections", Form.METHOD, DirectiveKind.SECTIONS, null,
            Set.of("reduction", "privateVars", "firstPrivate", "lastPrivate", "nowait")),
    PARALLEL_SECTIONS("ParallelSections", Form.METHOD, DirectiveKind.PARALLEL_SECTIONS, null,
            Set.of("numThreads", "condition", "reduction", "privateVars", "firstPrivate", "lastPrivate", "shared")),
    SINGLE("Single", Form.METHOD, DirectiveKind.SINGLE, null, Set.of("nowait", "privateVars", "firstPrivate")),
    MASTER("Master", Form.METHOD, DirectiveKind.MASTER, null, Set.of()),
    REDUCTION("Reduction", Form.LOCAL, null, "reduction", Set.of("value")),
    PRIVATE("Private", Form.LOCAL, null, "private", Set.of()),
    FIRST_PRIVATE("FirstPrivate", Form.LOCAL, null, "firstprivate", Set.of()),
    LAST_PRIVATE("LastPrivate", Form.LOCAL, null, "lastprivate", Set.of()),
    DISTRIBUTED_FOR("DistributedFor", Form.LOOP, DirectiveKind.MPI_FOR, null,
            Set.of("schedule", "chunk", "reduction", "gather", "allgather", "root")),
    DISTRIBUTED_PARALLEL_FOR("DistributedParallelFor", Form.LOOP, DirectiveKind.MPI_PARALLEL_FOR, null,
            Set.of("schedule", "chunk", "numThreads", "reduction", "gather", "allgather", "root")),
    MASTER_RANK("MasterRank", Form.METHOD, DirectiveKind.MPI_MASTER, null, Set.of()),
    ON_RANK("OnRank", Form.METHOD, DirectiveKind.MPI_ON, null, Set.of("value")),
    BCAST("Bcast", Form.COLLECTIVE, DirectiveKind.MPI_BCAST, null, Set.of("root", "nowait")),
    REDUCE("Reduce", Form.COLLECTIVE, DirectiveKind.MPI_REDUCE, null, Set.of("value", "root", "nowait")),
    ALLREDUCE("Allreduce", Form.COLLECTIVE, DirectiveKind.MPI_ALLREDUCE, null, Set.of("value", "nowait")),
    SCATTER("Scatter", Form.COLLECTIVE, DirectiveKind.MPI_SCATTER, null, Set.of("from", "root", "nowait")),
    GATHER("Gather", Form.COLLECTIVE, DirectiveKind.MPI_GATHER, null, Set.of("from", "root", "nowait")),
    ALLGATHER("Allgather", Form.COLLECTIVE, DirectiveKind.MPI_ALLGATHER, null, Set.of("from", "nowait")),
    ALLTOALL("Alltoall", Form.COLLECTIVE, DirectiveKind.MPI_ALLTOALL, null, Set.of("from", "nowait"));

    static final String PACKAGE = "org.jomp.annotations";

    /**
     * Where an annotation stands: on a loop's variable, on a method, or on a local variable's declaration, where it
     * either adds a clause to the constructs after it (LOCAL) or is a collective on the variable (COLLECTIVE).
     */
    enum Form { LOOP, METHOD, LOCAL, COLLECTIVE }

    private final String simpleName;
    private final Form form;
    private final DirectiveKind directive;
    private final String clause;
    private final Set<String> members;

    AnnotationKind(String simpleName, Form form, DirectiveKind directive, String clause, Set<String> members) {
        this.simpleName = simpleName;
        this.form = form;
        this.directive = directive;
        this.clause = clause;
        this.members = members;
    }

    /** True for the {@code //mpi} directives. */
    boolean mpi() {
        return directive != null && directive.mpi();
    }

    String simpleName() {
        return simpleName;
    }

    Form form() {
        return form;
    }

    /** The directive a loop, method or collective annotation stands for; null for a clause annotation. */
    DirectiveKind directive() {
        return directive;
    }

    /** The clause a local-variable annotation adds; null for the others. */
    String clause() {
        return clause;
    }

    boolean hasMember(String name) {
        return members.contains(name);
    }

    static AnnotationKind bySimpleName(String name) {
        for (AnnotationKind k : values()) {
            if (k.simpleName.equals(name)) {
                return k;
            }
        }
        return null;
    }
}
