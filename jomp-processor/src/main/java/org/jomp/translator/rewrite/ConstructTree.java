package org.jomp.translator.rewrite;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.stmt.BlockStmt;
import org.jomp.translator.TranslationException;
import org.jomp.translator.directive.Clause;
import org.jomp.translator.directive.Directive;
import org.jomp.translator.directive.DirectiveKind;
import org.jomp.translator.rewrite.mpi.MpiNesting;
import org.jomp.translator.source.Placement;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The constructs of a file as a tree (each under the innermost construct around it), with OpenMP's nesting rules
 * checked: no work-sharing construct or barrier directly inside a work-sharing, critical, ordered, master or task
 * construct of the same team; ordered only inside a loop with the ordered clause; section only inside sections.
 */
public final class ConstructTree {

    /** Clauses of a combined directive that belong to the region; the others go to the loop or sections. */
    private static final Set<String> REGION_CLAUSES = Set.of("if", "num_threads", "default", "shared", "copyin",
            "proc_bind");

    private final List<Construct> preorder = new ArrayList<>();
    private final Map<Node, List<Construct>> onStatement = new IdentityHashMap<>();

    private ConstructTree() {
    }

    public static ConstructTree build(List<Placement> placements, Consumer<TranslationException> errors) {
        ConstructTree tree = new ConstructTree();
        for (Placement p : placements) {
            Directive d = p.directive();
            try {
                switch (d.kind()) {
                    case PARALLEL_FOR -> tree.combined(p, DirectiveKind.FOR);
                    case PARALLEL_SECTIONS -> tree.combined(p, DirectiveKind.SECTIONS);
                    case MPI_PARALLEL_FOR -> tree.ranksTimesThreads(p);
                    default -> tree.add(p, d);
                }
            } catch (TranslationException e) {
                errors.accept(e);
            }
        }
        for (Construct c : tree.preorder) {
            try {
                checkNesting(c);
                MpiNesting.check(c);
            } catch (TranslationException e) {
                errors.accept(e);
            }
        }
        return tree;
    }

    /** Every construct, outer before inner and in source order. */
    public List<Construct> preorder() {
        return preorder;
    }

    public Map<Node, List<Construct>> onStatement() {
        return onStatement;
    }

    /** A combined directive is a region around a work-sharing construct whose barrier the region's end provides. */
    private void combined(Placement p, DirectiveKind inner) {
        Directive d = p.directive();
        List<Clause> outer = new ArrayList<>();
        List<Clause> rest = new ArrayList<>();
        for (Clause c : d.clauses()) {
            (REGION_CLAUSES.contains(c.name()) ? outer : rest).add(c);
        }
        rest.add(new Clause.Flag("nowait", d.line(), d.column()));
        add(p, new Directive(DirectiveKind.PARALLEL, null, List.of(), outer, d.line(), d.column(), d.argColumn()));
        add(p, new Directive(inner, null, List.of(), rest, d.line(), d.column(), d.argColumn()));
    }

    /**
     * {@code //mpi parallel for}: a distributed loop around a parallel region around a work-sharing loop on the same
     * statement; the ranks divide the iterations, each rank's team divides its share, reductions happen at both
     * levels.
     */
    private void ranksTimesThreads(Placement p) {
        Directive d = p.directive();
        List<Clause> ranks = new ArrayList<>();
        List<Clause> region = new ArrayList<>();
        List<Clause> loop = new ArrayList<>();
        for (Clause c : d.clauses()) {
            if (c.name().equals("num_threads")) {
                region.add(c);
            } else {
                ranks.add(c);
                if (c instanceof Clause.Reduction) {
                    loop.add(c);
                }
            }
        }
        loop.add(new Clause.Flag("nowait", d.line(), d.column()));
        add(p, new Directive(DirectiveKind.MPI_FOR, null, List.of(), ranks, d.line(), d.column(), d.argColumn()));
        add(p, new Directive(DirectiveKind.PARALLEL, null, List.of(), region, d.line(), d.column(), d.argColumn()));
        add(p, new Directive(DirectiveKind.FOR, null, List.of(), loop, d.line(), d.column(), d.argColumn()));
    }

    private void add(Placement p, Directive d) {
        Construct parent = null;
        for (int i = preorder.size() - 1; i >= 0 && parent == null; i--) {
            Construct y = preorder.get(i);
            if (y.statement() != null && contains(y, p)) {
                parent = y;
            }
        }
        Construct c = new Construct(p, d, parent);
        preorder.add(c);
        if (p.statement() != null) {
            onStatement.computeIfAbsent(p.statement(), k -> new ArrayList<>()).add(c);
        }
        if (d.kind() == DirectiveKind.SECTION && (parent == null || !isSections(parent)
                || !(p.container() instanceof BlockStmt b) || b != parent.statement())) {
            throw RewriteContext.error(c, "'section' must stand directly inside the block of a 'sections' construct");
        }
    }

    private static boolean isSections(Construct c) {
        return c.kind() == DirectiveKind.SECTIONS;
    }

    private static boolean contains(Construct y, Placement p) {
        Node ys = y.statement();
        if (p.statement() != null) {
            return ys == p.statement() || ys.isAncestorOf(p.statement());
        }
        return ys.getRange().orElseThrow().contains(p.comment().getRange().orElseThrow().begin);
    }

    private static void checkNesting(Construct c) {
        DirectiveKind k = c.kind();
        Construct p0 = c.parent();
        if (p0 != null && c.statement() != null && p0.statement() == c.statement() && p0.placement() != c.placement()
                && Set.of(DirectiveKind.FOR, DirectiveKind.SECTIONS, DirectiveKind.ATOMIC, DirectiveKind.TASKLOOP)
                .contains(p0.kind())) {
            String wanted = p0.kind() == DirectiveKind.SECTIONS ? "a block of sections"
                    : p0.kind() == DirectiveKind.ATOMIC ? "an expression statement" : "a for loop";
            throw RewriteContext.error(c, "'" + p0.kind().text() + "' (line " + p0.line() + ") must be followed by "
                    + wanted + ", not by another directive");
        }
        if (k.standalone() && p0 != null && p0.kind() == DirectiveKind.SECTIONS
                && c.placement().container() == p0.statement()) {
            throw RewriteContext.error(c, "'" + k.text() + "' may not stand between the sections of a 'sections'"
                    + " construct; put it inside a section");
        }
        if (k.workSharing() || k == DirectiveKind.BARRIER) {
            for (Construct p = c.parent(); p != null; p = p.parent()) {
                if (p.kind() == DirectiveKind.PARALLEL) {
                    break;
                }
                if (p.kind().workSharing() || p.kind() == DirectiveKind.SECTION || p.kind() == DirectiveKind.CRITICAL
                        || p.kind() == DirectiveKind.ORDERED || p.kind() == DirectiveKind.MASTER
                        || p.kind() == DirectiveKind.MASKED || p.kind() == DirectiveKind.TASK
                        || p.kind() == DirectiveKind.TASKLOOP) {
                    String what = p.kind() == DirectiveKind.SECTION ? "sections" : p.kind().text();
                    throw RewriteContext.error(c, "'" + k.text() + "' may not be nested inside '" + what
                            + "' (line " + p.line() + ") in the same team; put a 'parallel' region between them");
                }
            }
        }
        if (k == DirectiveKind.ORDERED) {
            Construct loop = null;
            for (Construct p = c.parent(); p != null && p.kind() != DirectiveKind.PARALLEL; p = p.parent()) {
                if (p.kind() == DirectiveKind.FOR) {
                    loop = p;
                    break;
                }
            }
            if (loop == null || !loop.directive().has("ordered")) {
                throw RewriteContext.error(c, "'ordered' must be inside a loop with the 'ordered' clause");
            }
        }
        if (k == DirectiveKind.CRITICAL) {
            for (Construct p = c.parent(); p != null; p = p.parent()) {
                if (p.kind() == DirectiveKind.CRITICAL
                        && String.valueOf(p.directive().argument()).equals(String.valueOf(c.directive().argument()))) {
                    throw RewriteContext.error(c, "critical section nested inside the critical section of the same"
                            + " name (line " + p.line() + ") would deadlock");
                }
            }
        }
    }
}
