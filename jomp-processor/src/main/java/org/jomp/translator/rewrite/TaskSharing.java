package org.jomp.translator.rewrite;

import org.jomp.translator.analysis.LocalVar;
import org.jomp.translator.analysis.Scopes;
import org.jomp.translator.directive.Clause;
import org.jomp.translator.directive.DirectiveKind;

import java.util.List;
import java.util.Optional;

/**
 * OpenMP's implicit data sharing for tasks: a variable the task does not list is shared when it is shared in the
 * context that creates the task (declared outside the enclosing parallel region), and firstprivate otherwise (a
 * local of the thread that creates the task, e.g. in an orphaned method).
 *
 * <p>A task may run after the statement that creates it, so a shared local that a task assigns, or that is not
 * effectively final, cannot go through a holder written back after the construct as regions do: before any
 * construct is rewritten, such a local is moved into a cell array for its whole scope (declared just after it).
 */
final class TaskSharing {

    private TaskSharing() {
    }

    static boolean explicitlyShared(Construct task, String name) {
        boolean defaultShared = task.directive().first(Clause.Default.class).map(d -> !d.none()).orElse(false);
        return defaultShared || task.directive().vars("shared").stream().anyMatch(v -> v.name().equals(name));
    }

    static boolean explicitlyPrivate(Construct task, String name) {
        return task.directive().vars("private").stream().anyMatch(v -> v.name().equals(name))
                || task.directive().vars("firstprivate").stream().anyMatch(v -> v.name().equals(name));
    }

    /** Whether {@code name}, not listed on the task, is shared in the context that creates it. */
    static boolean sharedByContext(Construct task, String name, RewriteContext ctx) {
        for (Construct l = task.parent(); l != null; l = l.parent()) {
            boolean dataEnvironment = l.kind() == DirectiveKind.PARALLEL || l.kind() == DirectiveKind.TASK
                    || l.kind() == DirectiveKind.TASKLOOP;
            if (!dataEnvironment) {
                continue;
            }
            if (ctx.local(name, l).isEmpty() || Sharing.privatized(l).contains(name)) {
                return false;
            }
            if (l.kind() == DirectiveKind.PARALLEL) {
                return true;
            }
            return explicitlyShared(l, name) && sharedByContext(l, name, ctx);
        }
        return false;
    }

    static boolean shared(Construct task, String name, RewriteContext ctx) {
        return !explicitlyPrivate(task, name)
                && (explicitlyShared(task, name) || sharedByContext(task, name, ctx));
    }

    /** Moves the shared locals that tasks assign, or that are not effectively final, into cells. */
    static void promote(List<Construct> preorder, RewriteContext ctx) {
        for (Construct task : preorder) {
            if (task.kind() != DirectiveKind.TASK && task.kind() != DirectiveKind.TASKLOOP) {
                continue;
            }
            Captures cap = Captures.of(task, ctx);
            for (String name : cap.used) {
                Optional<LocalVar> local = ctx.local(name, task);
                if (local.isEmpty() || !shared(task, name, ctx) || heldByRegion(task, name, ctx)) {
                    continue;
                }
                if (cap.assigned.contains(name) || !Scopes.effectivelyFinal(local.get())) {
                    ctx.promote(local.get(), task);
                }
            }
        }
    }

    /** A local declared outside the enclosing region is held by that region when the region assigns it. */
    private static boolean heldByRegion(Construct task, String name, RewriteContext ctx) {
        Construct region = task.enclosing(DirectiveKind.PARALLEL);
        return region != null && ctx.local(name, region).isPresent();
    }
}
