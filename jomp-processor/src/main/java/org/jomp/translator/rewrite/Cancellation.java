package org.jomp.translator.rewrite;

import org.jomp.translator.analysis.Branches;
import org.jomp.translator.directive.DirectiveKind;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * {@code //omp cancel kind [if(e)]} and {@code //omp cancellation point kind}: when the runtime reports the
 * construct cancelled, the thread leaves it: a region or task by returning from its lambda, a loop or sections by
 * breaking out of the loop over chunks (the construct's end and barrier still run).
 */
final class Cancellation {

    private final Construct c;
    private final RewriteContext ctx;

    Cancellation(Construct c, RewriteContext ctx) {
        this.c = c;
        this.ctx = ctx;
    }

    void rewrite() {
        String kind = c.directive().argument();
        Construct target = target(c, kind);
        if (target == null) {
            throw RewriteContext.error(c, "'" + c.kind().text() + " " + kind + "' must be inside a '" + kind
                    + "' construct of the same method");
        }
        if (Branches.insideSwitchExpression(c.placement().container(), target.statement())) {
            throw RewriteContext.error(c, "'" + c.kind().text() + "' cannot leave its construct from inside a switch"
                    + " expression");
        }
        String leave = switch (kind) {
            case "parallel", "taskgroup" -> "return;";
            default -> "break " + target.facts().get("cancelLabel") + ";";
        };
        String omp = ctx.rt("Omp");
        String constant = ctx.rt("Cancel") + "." + kind.toUpperCase(java.util.Locale.ROOT);
        String test;
        if (c.kind() == DirectiveKind.CANCEL) {
            String call = omp + ".cancel(" + constant + ")";
            test = c.directive().value("if").map(e -> "(" + ctx.renderCondition(e.expr(), c) + ") && " + call)
                    .orElse(call);
        } else {
            test = omp + ".cancellationPoint(" + constant + ")";
        }
        ctx.onDirectiveLine(c, "if (" + test + ") " + leave + " ");
    }

    /** The construct a cancel of {@code kind} leaves: the innermost one of that kind around it. */
    static Construct target(Construct c, String kind) {
        for (Construct p = c.parent(); p != null; p = p.parent()) {
            if (matches(p, kind)) {
                return p;
            }
            if (p.kind() == DirectiveKind.PARALLEL && !kind.equals("parallel")
                    || p.kind() == DirectiveKind.TASK && !kind.equals("taskgroup")) {
                return null;
            }
        }
        return null;
    }

    private static boolean matches(Construct p, String kind) {
        return switch (kind) {
            case "parallel" -> p.kind() == DirectiveKind.PARALLEL;
            case "for" -> p.kind() == DirectiveKind.FOR;
            case "sections" -> p.kind() == DirectiveKind.SECTIONS;
            default -> p.kind() == DirectiveKind.TASKGROUP;
        };
    }

    /**
     * A label for the loop over chunks of {@code loop} when a cancel directive inside must break out of it, else
     * null.
     */
    static String labelFor(Construct loop, String kind, RewriteContext ctx) {
        Deque<Construct> todo = new ArrayDeque<>(loop.children());
        while (!todo.isEmpty()) {
            Construct d = todo.pop();
            todo.addAll(d.children());
            boolean cancel = d.kind() == DirectiveKind.CANCEL || d.kind() == DirectiveKind.CANCELLATION_POINT;
            if (cancel && kind.equals(d.directive().argument()) && target(d, kind) == loop) {
                String label = ctx.fresh(kind + "$cancel");
                loop.facts().put("cancelLabel", label);
                return label;
            }
        }
        return null;
    }
}
