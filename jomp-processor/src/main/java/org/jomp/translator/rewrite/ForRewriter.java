package org.jomp.translator.rewrite;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.Statement;
import org.jomp.translator.analysis.Branches;
import org.jomp.translator.analysis.CanonicalLoop;
import org.jomp.translator.analysis.LocalVar;
import org.jomp.translator.analysis.Scopes;
import org.jomp.translator.directive.Clause;
import org.jomp.translator.directive.DirectiveKind;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code //omp for}: the loop becomes a loop over the chunks this thread claims from the runtime's {@code Loop}
 * iterator (libgomp's GOMP_loop_*_start/next), and the user's loop stays a plain loop over one chunk.
 *
 * <pre>
 * { Loop i$loop = Omp.loop(lo, hi, step, schedule, flags); while (i$loop.next()) {
 *   for (int i = i$loop.intStart(), i$end = i$loop.intEnd(); i &lt; i$end; i++) { body }
 * } i$loop.end(nowait); }
 * </pre>
 *
 * A {@code schedule(static, n)} loop without an ordered clause or a {@code cancel for} walks its chunks instead,
 * as gcc's inline code for libgomp's static schedules does: the runtime gives the thread its chunk count, its first
 * chunk's start and the strides once ({@code Loop.staticChunks}), and a strided loop over chunk starts runs around
 * the user's loop, with no call per chunk:
 *
 * <pre>
 * { Loop i$loop = Omp.loop(lo, hi, step, Schedule.staticChunk(n), flags); long i$chunks = i$loop.staticChunks();
 *   int i$from = i$loop.intStart(), i$stride = (int) i$loop.stride(), i$span = (int) i$loop.span(),
 *   i$last = (int) i$loop.lastEnd(); for (; i$chunks != 0; i$chunks--, i$from += i$stride) {
 *   for (int i = i$from, i$end = i$chunks != 1 ? i$from + i$span : i$last; i &lt; i$end; i++) { body }
 * } i$loop.end(nowait); }
 * </pre>
 *
 * collapse(n) linearises the nest: one loop over the product of the trip counts, each index recomputed from the
 * linear iteration number. A for-each over an array or a random-access List loops over its positions; over any other
 * Iterable, over the positions of a copy made in iteration order.
 */
final class ForRewriter {

    private final Construct c;
    private final RewriteContext ctx;

    ForRewriter(Construct c, RewriteContext ctx) {
        this.c = c;
        this.ctx = ctx;
    }

    void rewrite() {
        Statement s = CanonicalLoop.unlabeled(c.statement());
        if (s instanceof ForEachStmt each) {
            rewriteForEach(each);
            return;
        }
        if (!(s instanceof ForStmt f)) {
            throw RewriteContext.error(s, "'" + c.kind().text() + "' must be followed by a for loop");
        }
        int depth = c.directive().first(Clause.Collapse.class).map(Clause.Collapse::depth).orElse(1);
        List<CanonicalLoop> nest = new ArrayList<>();
        Statement level = f;
        for (int i = 0; i < depth; i++) {
            if (!(level instanceof ForStmt lf)) {
                throw RewriteContext.error(level, "collapse(" + depth + ") needs " + depth
                        + " perfectly nested loops, found " + i);
            }
            nest.add(CanonicalLoop.of(lf, name -> ctx.local(name, c).map(LocalVar::type).orElse(null)));
            level = i + 1 < depth ? CanonicalLoop.innerLoop(lf) : null;
            if (i + 1 < depth && level == null) {
                throw RewriteContext.error(lf.getBody(), "collapse(" + depth + ") needs " + depth
                        + " perfectly nested loops, found " + (i + 1));
            }
        }
        for (int i = 1; i < nest.size(); i++) {
            for (int j = 0; j < i; j++) {
                for (Expression e : List.of(nest.get(i).lower(), nest.get(i).bound())) {
                    String outerIndex = nest.get(j).index();
                    if (e.findAll(NameExpr.class).stream().anyMatch(n -> n.getNameAsString().equals(outerIndex))) {
                        throw RewriteContext.error(e, "collapsed loops must be rectangular: this bound depends on '"
                                + outerIndex + "'");
                    }
                }
            }
        }
        Statement body = nest.get(nest.size() - 1).loop().getBody();
        if (ctx.checksJumps(c)) {
            Branches.checkLoopNest(c.statement(), c.writtenName(), nest.stream().map(CanonicalLoop::loop).toList());
        }
        String labels = nest.stream().map(l -> moveLabels(l.loop())).reduce("", String::concat);
        warnRaces(body);

        DataCopies copies = new DataCopies(c, ctx);
        Set<String> assignedInside = assignedIn(f);
        copies.declare(name -> ctx.outer(name, c), assignedInside);
        Map<String, String> renames = new HashMap<>();
        StringBuilder indexCopies = new StringBuilder();
        for (CanonicalLoop l : nest) {
            if (!l.declaredInHeader()) {
                Binding clauseCopy = c.bindings().get(l.index());
                String copy = clauseCopy != null ? clauseCopy.text() : ctx.fresh(l.index() + "$");
                if (clauseCopy == null) {
                    indexCopies.append(l.type()).append(' ').append(copy).append(" = 0; ");
                    c.bindings().put(l.index(), Binding.copy(copy, l.type(), false));
                }
                renames.put(l.index(), copy);
            }
        }
        ctx.scope(c, f);

        String omp = ctx.rt("Omp");
        String loopType = ctx.rt("Loop");
        String label = cancelLabel();
        CanonicalLoop first = nest.get(0);
        String loop = ctx.fresh(first.index() + "$loop");
        StringBuilder open = new StringBuilder("{ ").append(copies.declarations()).append(indexCopies);
        boolean nowait = c.directive().has("nowait");
        if (nest.size() == 1) {
            String end = ctx.fresh(first.index() + "$end");
            String index = renames.getOrDefault(first.index(), first.index());
            String kind = first.type().equals("long") ? "long" : "int";
            // A loop that //mpi for divides among the ranks runs over this rank's share (rewrite/mpi).
            Construct ranks = c.enclosing(DirectiveKind.MPI_FOR);
            boolean distributed = ranks != null && ranks.statement() == c.statement();
            open.append(loopType).append(' ').append(loop).append(" = ").append(omp).append(".loop(")
                    .append(distributed ? ranks.facts().get("rankLower") : render(first.lower(), renames))
                    .append(", ")
                    .append(distributed ? ranks.facts().get("rankBound") : render(first.bound(), renames))
                    .append(", ").append(step(first, renames)).append(", ").append(schedule()).append(", ")
                    .append(flags(first.inclusive() && !distributed)).append("); ");
            Chunks chunks = chunks(loop, kind, label, first.index());
            open.append(chunks.open());
            String start = chunks.start();
            String stop = chunks.end();
            String header;
            if (first.declaredInHeader()) {
                header = labels + "for (" + first.type() + " " + index + " = " + start + ", " + end + " = " + stop
                        + "; " + index + (first.increasing() ? " < " : " > ") + end + "; "
                        + render(first.loop().getUpdate().get(0), renames) + ") ";
            } else {
                open.append(first.type()).append(' ').append(end).append(" = ").append(stop).append("; ");
                header = labels + "for (" + index + " = " + start + "; " + index
                        + (first.increasing() ? " < " : " > ") + end + "; "
                        + render(first.loop().getUpdate().get(0), renames) + ") ";
            }
            c.facts().put("orderedIndex", index);
            replaceHeader(first.loop(), header);
            ctx.open(ctx.text().begin(f), open.toString(), c);
            ctx.close(ctx.text().end(f), " } " + finish(copies, loop, nowait, "") + "}", c);
        } else {
            String linear = ctx.fresh(first.index() + "$linear");
            String linearEnd = ctx.fresh(first.index() + "$linearEnd");
            List<String> trips = new ArrayList<>();
            StringBuilder tripDecl = new StringBuilder("long ");
            for (int i = 0; i < nest.size(); i++) {
                String trip = ctx.fresh(nest.get(i).index() + "$trips");
                trips.add(trip);
                tripDecl.append(i == 0 ? "" : ", ").append(trip).append(" = ").append(tripCount(nest.get(i), renames));
            }
            open.append(tripDecl).append("; ").append(loopType).append(' ').append(loop).append(" = ").append(omp)
                    .append(".loop(0, ").append(String.join(" * ", trips)).append(", 1, ").append(schedule())
                    .append(", ").append(flags(false)).append("); ");
            Chunks chunks = chunks(loop, "long", label, first.index());
            open.append(chunks.open());
            for (int i = 0; i < nest.size(); i++) {
                CanonicalLoop l = nest.get(i);
                StringBuilder div = new StringBuilder(linear);
                for (int j = i + 1; j < nest.size(); j++) {
                    div.append(j == i + 1 ? " / (" : " * ").append(trips.get(j));
                }
                if (i + 1 < nest.size()) {
                    div.append(")");
                }
                String position = i == 0 ? div.toString() : "(" + div + ") % " + trips.get(i);
                String scaled = l.literalStep() == 1 ? position : "(" + position + ") * " + step(l, renames);
                String value = "(" + l.type() + ") (" + render(l.lower(), renames) + " + " + scaled + ")";
                String index = renames.getOrDefault(l.index(), l.index());
                String assign = (l.declaredInHeader() ? l.type() + " " : "") + index + " = " + value + "; ";
                if (i == 0) {
                    replaceHeader(l.loop(), labels + "for (long " + linear + " = " + chunks.start() + ", " + linearEnd
                            + " = " + chunks.end() + "; " + linear + " < " + linearEnd + "; " + linear + "++) { "
                            + assign);
                } else {
                    replaceHeader(l.loop(), assign);
                }
            }
            // OpenMP: a lastprivate index of a collapsed nest ends as after the sequential nest, one step past
            // its range, not at the last iteration's value.
            StringBuilder pastEnd = new StringBuilder();
            for (int i = 0; i < nest.size(); i++) {
                CanonicalLoop l = nest.get(i);
                boolean last = c.directive().vars("lastprivate").stream().anyMatch(v -> v.name().equals(l.index()));
                if (last) {
                    String scaled = l.literalStep() == 1 ? trips.get(i) : trips.get(i) + " * " + step(l, renames);
                    pastEnd.append(renames.getOrDefault(l.index(), l.index())).append(" = (").append(l.type())
                            .append(") (").append(render(l.lower(), renames)).append(" + ").append(scaled)
                            .append("); ");
                }
            }
            c.facts().put("orderedIndex", linear);
            ctx.open(ctx.text().begin(f), open.toString(), c);
            ctx.close(ctx.text().end(f), " } } " + finish(copies, loop, nowait, pastEnd.toString()) + "}", c);
        }
        if (c.directive().has("ordered")) {
            c.facts().put("ordered", "true");
        }
    }

    private void rewriteForEach(ForEachStmt each) {
        if (ctx.checksJumps(c)) {
            Branches.checkLoopNest(c.statement(), c.writtenName(), List.of(each));
        }
        String labels = moveLabels(each);
        warnRaces(each.getBody());
        Expression iterable = each.getIterable();
        String type = IterableType.of(iterable, c, ctx, "a work-sharing for-each",
                "an array, a List or another Iterable");
        boolean array = type.endsWith("]");
        DataCopies copies = new DataCopies(c, ctx);
        copies.declare(name -> ctx.outer(name, c), assignedIn(each));
        ctx.scope(c, each);
        String omp = ctx.rt("Omp");
        String label = cancelLabel();
        String variable = each.getVariable().getVariables().get(0).getNameAsString();
        String items = ctx.fresh(variable + "$items");
        String loop = ctx.fresh(variable + "$loop");
        String index = ctx.fresh(variable + "$index");
        String end = ctx.fresh(variable + "$end");
        Chunks chunks = chunks(loop, "int", label, variable);
        String open = "{ " + copies.declarations() + "var " + items + " = "
                + IterableType.indexable(type, ctx.render(iterable, c)) + "; "
                + ctx.rt("Loop") + " " + loop + " = " + omp + ".loop(0, " + items + (array ? ".length" : ".size()")
                + ", 1, " + schedule() + ", " + flags(false) + "); " + chunks.open();
        var decl = each.getVariable();
        String declText = decl.getModifiers().stream().map(m -> m.getKeyword().asString() + " ")
                .reduce("", String::concat) + decl.getVariables().get(0).getType().asString() + " " + variable;
        String header = labels + "for (int " + index + " = " + chunks.start() + ", " + end + " = " + chunks.end() + "; "
                + index + " < " + end + "; " + index + "++) { " + declText + " = " + items
                + (array ? "[" + index + "]" : ".get(" + index + ")") + "; ";
        c.facts().put("orderedIndex", index);
        replaceHeader(each, header);
        ctx.open(ctx.text().begin(each), open, c);
        ctx.close(ctx.text().end(each), " } } " + finish(copies, loop, c.directive().has("nowait"), "") + "}", c);
        if (c.directive().has("ordered")) {
            c.facts().put("ordered", "true");
        }
    }

    /**
     * The loop over this thread's chunks, opened after the Loop's declaration, and the first value and the end of
     * the current chunk. The walk of a static chunked loop ({@code Loop.staticChunks}) has no call per chunk but
     * does not stop for a {@code cancel for} and passes no ordered token, so those loops take chunks from next().
     *
     * @param kind the type of the values, int or long
     */
    private Chunks chunks(String loop, String kind, String label, String base) {
        if (!label.isEmpty() || c.directive().has("ordered") || !staticChunked()) {
            return new Chunks(label + "while (" + loop + ".next()) { ", loop + "." + kind + "Start()",
                    loop + "." + kind + "End()");
        }
        String count = ctx.fresh(base + "$chunks");
        String from = ctx.fresh(base + "$from");
        String stride = ctx.fresh(base + "$stride");
        String span = ctx.fresh(base + "$span");
        String last = ctx.fresh(base + "$last");
        String cast = kind.equals("int") ? "(int) " : "";
        String open = "long " + count + " = " + loop + ".staticChunks(); " + kind + " " + from + " = " + loop + "."
                + kind + "Start(), " + stride + " = " + cast + loop + ".stride(), " + span + " = " + cast + loop
                + ".span(), " + last + " = " + cast + loop + ".lastEnd(); for (; " + count + " != 0; " + count + "--, "
                + from + " += " + stride + ") { ";
        return new Chunks(open, from, count + " != 1 ? " + from + " + " + span + " : " + last);
    }

    /** A loop over chunks: its opening text, and the current chunk's first value and end as expressions. */
    private record Chunks(String open, String start, String end) {
    }

    private boolean staticChunked() {
        return c.directive().first(Clause.Schedule.class)
                .map(s -> s.kind().equals("static") && s.chunk() != null).orElse(false);
    }

    private String cancelLabel() {
        String label = Cancellation.labelFor(c, "for", ctx);
        return label == null ? "" : label + ": ";
    }

    private String finish(DataCopies copies, String loop, boolean nowait, String pastEnd) {
        StringBuilder sb = new StringBuilder();
        if (!copies.lastprivate().isEmpty()) {
            sb.append("if (").append(loop).append(".last()) { ").append(pastEnd).append(copies.lastprivate())
                    .append("} ");
        }
        sb.append(copies.reduction());
        sb.append(loop).append(".end(").append(nowait).append("); ");
        return sb.toString();
    }

    /**
     * Takes the labels off a loop of the nest ({@code outer: for (...)}) and returns them, to stand before the loop
     * that runs the iterations of this thread's chunk: the only jump to them the check allows is a continue of the
     * innermost loop of the nest, which must go to the next iteration.
     */
    private String moveLabels(Statement loop) {
        StringBuilder labels = new StringBuilder();
        Node outermost = loop;
        for (Node p = loop.getParentNode().orElse(null); p instanceof LabeledStmt l;
                p = l.getParentNode().orElse(null)) {
            labels.insert(0, l.getLabel().asString() + ": ");
            outermost = l;
        }
        if (outermost != loop) {
            ctx.edits().replace(ctx.text().begin(outermost), ctx.text().begin(loop), "");
        }
        return labels.toString();
    }

    private void replaceHeader(Statement loop, String header) {
        Statement body = loop instanceof ForStmt f ? f.getBody() : ((ForEachStmt) loop).getBody();
        ctx.edits().replace(ctx.text().begin(loop), ctx.text().begin(body), header);
    }

    private String render(Node n, Map<String, String> renames) {
        return ctx.render(n, c.depth(), renames);
    }

    private String step(CanonicalLoop l, Map<String, String> renames) {
        if (l.step() == null) {
            return Long.toString(l.literalStep());
        }
        String s = render(l.step(), renames);
        return l.negateStep() ? "-(" + s + ")" : "(" + s + ")";
    }

    /** Iterations of one loop of a collapsed nest, as a long expression. */
    private String tripCount(CanonicalLoop l, Map<String, String> renames) {
        String span = "(long) (" + render(l.bound(), renames) + ") - (" + render(l.lower(), renames) + ")";
        String step = step(l, renames);
        if (l.literalStep() == 1) {
            return "Math.max(0L, " + span + (l.inclusive() ? " + 1" : "") + ")";
        }
        String adjust = l.inclusive() ? "" : l.increasing() ? " - 1" : " + 1";
        return "Math.max(0L, (" + span + " + " + step + adjust + ") / " + step + ")";
    }

    private String schedule() {
        String schedule = ctx.rt("Schedule");
        Optional<Clause.Schedule> clause = c.directive().first(Clause.Schedule.class);
        if (clause.isEmpty()) {
            return schedule + ".STATIC";
        }
        Clause.Schedule s = clause.get();
        String chunk = s.chunk() == null ? null : ctx.renderCount(s.chunk(), c);
        return switch (s.kind()) {
            case "static" -> chunk == null ? schedule + ".STATIC" : schedule + ".staticChunk(" + chunk + ")";
            case "dynamic" -> schedule + ".dynamic(" + (chunk == null ? "1" : chunk) + ")"
                    + (s.monotonic() ? ".monotonic()" : "");
            case "guided" -> schedule + ".guided(" + (chunk == null ? "1" : chunk) + ")";
            case "auto" -> schedule + ".AUTO";
            default -> schedule + ".RUNTIME";
        };
    }

    private String flags(boolean inclusive) {
        List<String> flags = new ArrayList<>();
        if (c.directive().has("ordered")) {
            flags.add(ctx.rt("Loop") + ".ORDERED");
        }
        if (inclusive) {
            flags.add(ctx.rt("Loop") + ".INCLUSIVE");
        }
        return flags.isEmpty() ? "0" : String.join(" | ", flags);
    }

    private Set<String> assignedIn(Node n) {
        Set<String> names = new java.util.HashSet<>();
        for (Node x : n.findAll(Node.class)) {
            NameExpr t = Scopes.assignedName(x);
            if (t != null) {
                names.add(t.getNameAsString());
            }
        }
        return names;
    }

    /**
     * A shared variable assigned in a parallel loop outside critical, atomic, ordered, single and master is a
     * likely data race: warn, naming it. A threadprivate field is not shared.
     */
    private void warnRaces(Statement body) {
        Construct region = c.enclosing(DirectiveKind.PARALLEL);
        if (region == null) {
            return;
        }
        Set<String> privatized = Sharing.privatized(c);
        Set<String> warned = new java.util.HashSet<>();
        for (Node n : body.findAll(Node.class)) {
            NameExpr t = Scopes.assignedName(n);
            if (t == null) {
                continue;
            }
            String name = t.getNameAsString();
            if (privatized.contains(name) || warned.contains(name) || protectedOrPrivate(t, name, body)
                    || ctx.isThreadPrivate(name, t)) {
                continue;
            }
            boolean sharedLocal = ctx.local(name, region).isPresent() || ctx.outerBinding(name, region) != null;
            boolean field = ctx.local(name, c).isEmpty() && Scopes.fieldType(c.anchor(), name).isPresent()
                    && Scopes.visibleLocals(t).get(name) == null;
            if ((sharedLocal || field) && !Sharing.privatized(region).contains(name)) {
                warned.add(name);
                var at = t.getBegin().orElseThrow();
                ctx.warn(at.line, at.column, "'" + name + "' is shared and assigned in a parallel loop without"
                        + " reduction, atomic or critical: a likely data race");
            }
        }
    }

    private boolean protectedOrPrivate(Node n, String name, Node stop) {
        for (Node p = n; p != null && p != stop; p = p.getParentNode().orElse(null)) {
            for (Construct m : ctx.constructsOn(p)) {
                switch (m.kind()) {
                    case CRITICAL, ATOMIC, ORDERED, SINGLE, MASTER, MASKED -> {
                        return true;
                    }
                    default -> {
                        if (Sharing.privatized(m).contains(name)) {
                            return true;
                        }
                    }
                }
            }
            if (p != n && ctx.declaresInClassBody(p, name)) {
                return true;
            }
        }
        return false;
    }
}
