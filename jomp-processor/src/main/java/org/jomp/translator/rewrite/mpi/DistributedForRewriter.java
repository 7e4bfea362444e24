package org.jomp.translator.rewrite.mpi;

import static org.jomp.translator.analysis.JavaTypes.withArticle;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import org.jomp.translator.TranslationException;
import org.jomp.translator.analysis.Branches;
import org.jomp.translator.analysis.CanonicalLoop;
import org.jomp.translator.analysis.LocalVar;
import org.jomp.translator.analysis.Scopes;
import org.jomp.translator.directive.Clause;
import org.jomp.translator.directive.DirectiveKind;
import org.jomp.translator.directive.Var;
import org.jomp.translator.rewrite.Construct;
import org.jomp.translator.rewrite.RewriteContext;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code //mpi for [schedule(block|cyclic[, chunk])] [reduction(op : vars)] [gather(a) [root(e)]] [allgather(a)]}:
 * the iterations of a canonical loop are divided among the ranks, and the loop stays a plain loop over this rank's
 * share.
 *
 * <pre>
 * block:  { Comm i$comm = Comm.world(); long i$n = trips;
 *           int i$lo = (int) (lo + BlockPartition.start(i$n, rank, size) * step), i$hi = ...end...;
 *           for (int i = i$lo; i &lt; i$hi; i++) { body } allreduce / gather }
 * cyclic: { ...; for (long i$c = rank * chunk; i$c &lt; i$n; i$c += size * chunk) { int i$lo = ..., i$hi = ...;
 *           for (int i = i$lo; i &lt; i$hi; i++) { body } } ... }
 * </pre>
 *
 * Reductions: ranks other than 0 start from the operator's identity (a declared reduction's initializer), rank 0
 * from the variable's value, and the values are all-reduced after the loop (as objects for a declared reduction).
 * gather/allgather(a): the loop writes a[i] in iteration i (step 1), or with
 * elements(m) the m elements from a[i * m] (a row of a row-major matrix); the blocks are gathered into a on the
 * root (or every rank) after the loop. With an {@code //omp parallel for} on the
 * same loop (or {@code //mpi parallel for}), this rank's bounds become the bounds of the threads' loop. A for-each
 * over an array or a List is divided by position ({@link #rewriteForEach}).
 */
public final class DistributedForRewriter {

    private final MpiSite site;
    private final Construct c;
    private final RewriteContext ctx;
    /** The name of the chunk size of a cyclic schedule, for the gathers after the loop. */
    private String chunkName;

    public DistributedForRewriter(Construct c, RewriteContext ctx) {
        this.site = new MpiSite(c, ctx);
        this.c = c;
        this.ctx = ctx;
    }

    public void rewrite() {
        if (c.statement() instanceof ForEachStmt each) {
            rewriteForEach(each);
            return;
        }
        if (!(c.statement() instanceof ForStmt f)) {
            throw RewriteContext.error(c.statement(), "'mpi for' must be followed by a for loop");
        }
        CanonicalLoop loop = CanonicalLoop.of(f, name -> ctx.local(name, c).map(LocalVar::type).orElse(null));
        if (ctx.checksJumps(c)) {
            Branches.checkStructured(f, c.writtenName(), true);
        }
        Optional<Clause.Schedule> schedule = c.directive().first(Clause.Schedule.class);
        boolean cyclic = schedule.map(s -> s.kind().equals("cyclic")).orElse(false);
        Construct threads = threadsLoop(f);
        if (threads != null && threads.directive().has("collapse")) {
            throw RewriteContext.error(threads, "a loop divided among ranks cannot be collapsed");
        }
        String type = loop.type();
        String index = loop.index();
        String comm = ctx.fresh(index + "$comm");
        String n = ctx.fresh(index + "$n");
        String lo = ctx.fresh(index + "$lo");
        String hi = ctx.fresh(index + "$hi");
        String lower = ctx.render(loop.lower(), c);
        String step = step(loop);
        StringBuilder open = new StringBuilder("{ ").append(MpiSite.COMM).append(' ').append(comm).append(" = ")
                .append(MpiSite.COMM).append(".world(); long ").append(n).append(" = ").append(tripCount(loop))
                .append("; ");
        open.append(reductionStarts(comm));
        String partition = "org.jomp.msg.BlockPartition";
        if (cyclic) {
            String chunk = ctx.fresh(index + "$chunk");
            chunkName = chunk;
            String first = ctx.fresh(index + "$first");
            openCyclicChunks(open, schedule.get(), comm, n, chunk, first);
            open.append(type).append(' ').append(lo).append(" = (").append(type).append(") (").append(lower)
                    .append(" + ").append(first).append(" * ").append(step).append("), ").append(hi).append(" = (")
                    .append(type).append(") (").append(lower).append(" + Math.min(").append(first).append(" + ")
                    .append(chunk).append(", ").append(n).append(") * ").append(step).append("); ");
        } else {
            open.append(type).append(' ').append(lo).append(" = (").append(type).append(") (").append(lower)
                    .append(" + ").append(partition).append(".start(").append(n).append(", ").append(comm)
                    .append(".rank(), ").append(comm).append(".size()) * ").append(step).append("), ").append(hi)
                    .append(" = (").append(type).append(") (").append(lower).append(" + ").append(partition)
                    .append(".end(").append(n).append(", ").append(comm).append(".rank(), ").append(comm)
                    .append(".size()) * ").append(step).append("); ");
        }
        if (threads != null) {
            c.facts().put("rankLower", lo);
            c.facts().put("rankBound", hi);
        } else {
            String header = (loop.declaredInHeader() ? "for (" + type + " " : "for (") + index + " = " + lo + "; "
                    + index + (loop.increasing() ? " < " : " > ") + hi + "; "
                    + ctx.render(f.getUpdate().get(0), c) + ") ";
            ctx.edits().replace(ctx.text().begin(f), ctx.text().begin(f.getBody()), header);
        }
        String close = (cyclic ? "} " : "") + reductionEnds(comm) + gathers(loop, cyclic, comm, n) + "}";
        if (c.parent() == null) {
            // Orphaned: the loop and its collectives go where MpiSite.orphaned puts a body; a NUL marks the loop.
            String[] around = orphaned(loop, open + "\0 " + close).split("\0");
            ctx.open(ctx.text().begin(f), around[0], c);
            ctx.close(ctx.text().end(f), around[1], c);
        } else {
            ctx.open(ctx.text().begin(f), open.toString(), c);
            ctx.close(ctx.text().end(f), " " + close, c);
        }
        warnRankLocal(f, loop);
    }

    /**
     * A for-each over an array or a List (random access: {@code get(i)} is called) becomes a counted loop over the
     * positions of this rank's share, declaring the loop variable from the element at each position:
     * {@code for (int x$index = lo; x$index < hi; x$index++) { T x = items[x$index]; body }}. Reductions as for a
     * counted loop; gathers need the index that a for-each does not have.
     */
    private void rewriteForEach(ForEachStmt each) {
        if (ctx.checksJumps(c)) {
            Branches.checkStructured(each, c.writtenName(), true);
        }
        for (String clause : new String[] {"gather", "allgather", "elements", "root"}) {
            if (c.directive().has(clause)) {
                throw RewriteContext.error(c, "'" + c.kind().text() + "' over a for-each takes no " + clause
                        + " clause: gather and allgather collect an array written at the loop's index, which a"
                        + " for-each has not; write a counted loop");
            }
        }
        if (c.parent() != null || ctx.constructsOn(each).stream().anyMatch(m -> m != c)) {
            throw RewriteContext.error(c, "'" + c.kind().text() + "' over a for-each is not divided among threads"
                    + " as well: write a counted loop, or put //omp parallel for on a loop inside it");
        }
        Expression iterable = each.getIterable();
        String type = org.jomp.translator.rewrite.IterableType.of(iterable, c, ctx, "a distributed for-each",
                "an array or a List");
        boolean array = type.endsWith("]");
        String variable = each.getVariable().getVariables().get(0).getNameAsString();
        String comm = ctx.fresh(variable + "$comm");
        String items = ctx.fresh(variable + "$items");
        String n = ctx.fresh(variable + "$n");
        String lo = ctx.fresh(variable + "$lo");
        String hi = ctx.fresh(variable + "$hi");
        String index = ctx.fresh(variable + "$index");
        String partition = "org.jomp.msg.BlockPartition";
        StringBuilder open = new StringBuilder("{ ").append(MpiSite.COMM).append(' ').append(comm).append(" = ")
                .append(MpiSite.COMM).append(".world(); var ").append(items).append(" = ")
                .append(ctx.render(iterable, c)).append("; long ").append(n).append(" = ").append(items)
                .append(array ? ".length; " : ".size(); ").append(reductionStarts(comm));
        Optional<Clause.Schedule> schedule = c.directive().first(Clause.Schedule.class);
        boolean cyclic = schedule.map(s -> s.kind().equals("cyclic")).orElse(false);
        if (cyclic) {
            String chunk = ctx.fresh(variable + "$chunk");
            String first = ctx.fresh(variable + "$first");
            openCyclicChunks(open, schedule.get(), comm, n, chunk, first);
            open.append("int ").append(lo).append(" = (int) ")
                    .append(first).append(", ").append(hi).append(" = (int) Math.min(").append(first).append(" + ")
                    .append(chunk).append(", ").append(n).append("); ");
        } else {
            open.append("int ").append(lo).append(" = (int) ").append(partition).append(".start(").append(n)
                    .append(", ").append(comm).append(".rank(), ").append(comm).append(".size()), ").append(hi)
                    .append(" = (int) ").append(partition).append(".end(").append(n).append(", ").append(comm)
                    .append(".rank(), ").append(comm).append(".size()); ");
        }
        var decl = each.getVariable();
        String declText = decl.getModifiers().stream().map(m -> m.getKeyword().asString() + " ")
                .reduce("", String::concat) + decl.getVariables().get(0).getType().asString() + " " + variable;
        String header = "for (int " + index + " = " + lo + "; " + index + " < " + hi + "; " + index + "++) { "
                + declText + " = " + items + (array ? "[" + index + "]" : ".get(" + index + ")") + "; ";
        ctx.scope(c, each);
        ctx.edits().replace(ctx.text().begin(each), ctx.text().begin(each.getBody()), header);
        String close = "} " + (cyclic ? "} " : "") + reductionEnds(comm) + "}";
        String[] around = orphaned(null, open + "\0 " + close).split("\0");
        ctx.open(ctx.text().begin(each), around[0], c);
        ctx.close(ctx.text().end(each), around[1], c);
    }

    /**
     * A distributed loop outside every region may be called from one (orphaned): thread 0 of the calling team runs
     * it, and the locals it leaves with a value (reduced variables, an index declared before the loop) reach the
     * other threads ({@link MpiSite#orphaned}). {@code loop} is null for a for-each, which has no index.
     */
    /**
     * Opens the loop over this rank's chunks of a cyclic schedule: chunks of {@code chunk} positions dealt round
     * robin, this rank's first at {@code rank * chunk}; the caller appends the chunk's bounds and body.
     */
    private void openCyclicChunks(StringBuilder open, Clause.Schedule schedule, String comm, String n, String chunk,
            String first) {
        String chunkText = schedule.chunk() == null ? "1" : site.render(schedule.chunk());
        open.append("long ").append(chunk).append(" = ").append(chunkText).append("; if (").append(chunk)
                .append(" < 1) { throw new IllegalArgumentException(\"mpi for at line ").append(c.line())
                .append(": chunk \" + ").append(chunk).append(" + \" must be at least 1\"); } for (long ")
                .append(first).append(" = (long) ").append(comm).append(".rank() * ").append(chunk).append("; ")
                .append(first).append(" < ").append(n).append("; ").append(first).append(" += (long) ")
                .append(comm).append(".size() * ").append(chunk).append(") { ");
    }

    private String orphaned(CanonicalLoop loop, String body) {
        List<String> copied = new java.util.ArrayList<>();
        List<String> types = new java.util.ArrayList<>();
        for (Clause.Reduction r : c.directive().all(Clause.Reduction.class)) {
            for (Var v : r.vars()) {
                if (site.locals().containsKey(v.name()) && !copied.contains(v.name())) {
                    copied.add(v.name());
                    types.add(site.typeOf(v.name(), v.line(), v.column()));
                }
            }
        }
        if (loop != null && !loop.declaredInHeader() && site.locals().containsKey(loop.index())) {
            copied.add(loop.index());
            types.add(loop.type());
        }
        return site.orphaned(body, copied, types, false);
    }

    /** The //omp for on the same loop (from //omp parallel for or //mpi parallel for), or null. */
    private Construct threadsLoop(ForStmt f) {
        for (Construct m : ctx.constructsOn(f)) {
            if (m.kind() == DirectiveKind.FOR) {
                return m;
            }
        }
        return null;
    }

    private String reductionStarts(String comm) {
        StringBuilder sb = new StringBuilder();
        for (Clause.Reduction r : c.directive().all(Clause.Reduction.class)) {
            for (Var v : r.vars()) {
                String type = reducedType(v, r);
                String ref = ctx.outer(v.name(), c);
                String identity = r.op() != null ? r.op().identity(type)
                        : DeclaredReductions.identity(ctx, declared(v, r, type), ref);
                sb.append("if (").append(comm).append(".rank() != 0) { ").append(ref).append(" = ").append(identity)
                        .append("; } ");
            }
        }
        return sb.toString();
    }

    private String reductionEnds(String comm) {
        StringBuilder sb = new StringBuilder();
        for (Clause.Reduction r : c.directive().all(Clause.Reduction.class)) {
            for (Var v : r.vars()) {
                String type = reducedType(v, r);
                String ref = ctx.outer(v.name(), c);
                if (r.op() == null) {
                    sb.append(ref).append(" = ").append(comm).append(".allreduceObject(").append(ref).append(", ")
                            .append(DeclaredReductions.operator(ctx, declared(v, r, type))).append("); ");
                    continue;
                }
                String cell = ctx.fresh(v.name() + "$all");
                sb.append(type).append("[] ").append(cell).append(" = {").append(ref).append("}; ").append(comm)
                        .append(".allreduce(").append(cell).append(", 0, ").append(cell).append(", 0, 1, ")
                        .append(MpiSite.opConstant(r.op())).append("); ").append(ref).append(" = ").append(cell)
                        .append("[0]; ");
            }
        }
        return sb.toString();
    }

    private Clause.DeclaredReduction declared(Var v, Clause.Reduction r, String type) {
        return DeclaredReductions.find(ctx, r.udr(), v.name(), type, r.line(), r.opColumn());
    }

    private String reducedType(Var v, Clause.Reduction r) {
        String type = site.typeOf(v.name(), v.line(), v.column());
        if (r.op() == null) {
            return type;
        }
        if (!MpiSite.primitive(type)) {
            throw new TranslationException(v.line(), v.column(), "cannot reduce '" + v.name() + "' of type " + type
                    + " across ranks: a distributed loop reduces primitive variables");
        }
        if (!r.op().fits(type)) {
            throw new TranslationException(v.line(), v.column(), "reduction operator '" + r.op().symbol()
                    + "' does not apply to '" + v.name() + "' of type " + type);
        }
        return type;
    }

    private String gathers(CanonicalLoop loop, boolean cyclic, String comm, String n) {
        List<Var> gathered = c.directive().vars("gather");
        List<Var> allGathered = c.directive().vars("allgather");
        for (String clause : List.of("root", "elements")) {
            Optional<Clause.Value> v = c.directive().value(clause);
            if (v.isPresent() && gathered.isEmpty() && (clause.equals("root") || allGathered.isEmpty())) {
                throw new TranslationException(v.get().line(), v.get().column(), clause + " is for gather: 'mpi for'"
                        + " has no " + (clause.equals("root") ? "gather" : "gather or allgather") + " clause");
            }
        }
        if (gathered.isEmpty() && allGathered.isEmpty()) {
            return "";
        }
        Var first = gathered.isEmpty() ? allGathered.get(0) : gathered.get(0);
        if (loop.step() != null || loop.literalStep() != 1) {
            throw new TranslationException(first.line(), first.column(), "gather and allgather need a loop that"
                    + " steps its index by +1 (iteration i writes element i, or elements(m) of them from i * m)");
        }
        String root = site.root();
        if (cyclic) {
            String per = c.directive().value("elements").map(e -> "(long) (" + site.render(e.expr()) + ")")
                    .orElse("1L");
            StringBuilder sb = new StringBuilder();
            for (Var v : gathered) {
                sb.append(cyclicGather(v, comm, n, "(long) (" + ctx.render(loop.lower(), c) + ")", per, root));
            }
            for (Var v : allGathered) {
                sb.append(cyclicGather(v, comm, n, "(long) (" + ctx.render(loop.lower(), c) + ")", per, null));
            }
            return sb.toString();
        }
        String lower = "(int) (" + ctx.render(loop.lower(), c) + ")";
        String partition = "org.jomp.msg.BlockPartition";
        String counts = ctx.fresh(loop.index() + "$counts");
        String displs = ctx.fresh(loop.index() + "$displs");
        String mine = ctx.fresh(loop.index() + "$mine");
        StringBuilder sb = new StringBuilder("int[] ").append(counts).append(" = ").append(partition)
                .append(".counts(").append(n).append(", ").append(comm).append(".size()), ").append(displs)
                .append(" = ").append(partition).append(".displacements(").append(n).append(", ").append(comm)
                .append(".size(), ").append(lower).append("); ");
        Optional<Clause.Value> elements = c.directive().value("elements");
        if (elements.isPresent()) {
            String per = ctx.fresh(loop.index() + "$elements");
            String q = ctx.fresh("rank$");
            sb.append("int ").append(per).append(" = ").append(site.render(elements.get().expr())).append("; for (int ")
                    .append(q).append(" = 0; ").append(q).append(" < ").append(counts).append(".length; ").append(q)
                    .append("++) { ").append(counts).append("[").append(q).append("] *= ").append(per).append("; ")
                    .append(displs).append("[").append(q).append("] *= ").append(per).append("; } ");
        }
        sb.append("int ").append(mine).append(" = ").append(displs).append("[").append(comm).append(".rank()]; ");
        for (Var v : gathered) {
            sb.append(gather(v, comm, counts, displs, mine, root));
        }
        for (Var v : allGathered) {
            sb.append(gather(v, comm, counts, displs, mine, null));
        }
        return sb.toString();
    }

    private String gather(Var v, String comm, String counts, String displs, String mine, String root) {
        String type = site.typeOf(v.name(), v.line(), v.column());
        if (!type.endsWith("[]")) {
            throw new TranslationException(v.line(), v.column(), "'" + v.name() + "' is " + withArticle(type)
                    + ": gather and allgather collect an array written one element per iteration");
        }
        String a = ctx.outer(v.name(), c);
        String count = counts + "[" + comm + ".rank()]";
        if (MpiSite.primitiveArray(type)) {
            return root == null
                    ? comm + ".allgatherv(" + a + ", " + mine + ", " + count + ", " + a + ", " + counts + ", " + displs
                    + "); "
                    : comm + ".gatherv(" + a + ", " + mine + ", " + count + ", " + a + ", " + counts + ", " + displs
                    + ", " + root + "); ";
        }
        if (!site.serializable(v.name(), type)) {
            throw new TranslationException(v.line(), v.column(), "cannot gather '" + v.name() + "': its type "
                    + type + " is not Serializable");
        }
        String parts = ctx.fresh(v.name() + "$parts");
        String r = ctx.fresh("rank$");
        return "java.util.List<" + type + "> " + parts + " = " + comm + (root == null ? ".allgatherObjects(" :
                ".gatherObjects(") + "java.util.Arrays.copyOfRange(" + a + ", " + mine + ", " + mine + " + " + count
                + ")" + (root == null ? "" : ", " + root) + "); if (" + parts + " != null) { for (int " + r + " = 0; "
                + r + " < " + parts + ".size(); " + r + "++) { System.arraycopy(" + parts + ".get(" + r + "), 0, " + a
                + ", " + displs + "[" + r + "], " + counts + "[" + r + "]); } } ";
    }

    /**
     * Gather of a cyclic loop's array: each rank packs the elements of its chunks into one block, the blocks are
     * gathered (gatherv for primitive arrays, serialised otherwise), and the receiver puts every rank's chunks back
     * where they belong.
     */
    private String cyclicGather(Var v, String comm, String n, String lower, String per, String root) {
        String type = site.typeOf(v.name(), v.line(), v.column());
        if (!type.endsWith("[]")) {
            throw new TranslationException(v.line(), v.column(), "'" + v.name() + "' is " + withArticle(type)
                    + ": gather and allgather collect an array written one element per iteration");
        }
        if (!MpiSite.primitiveArray(type) && !site.serializable(v.name(), type)) {
            throw new TranslationException(v.line(), v.column(), "cannot gather '" + v.name() + "': its type "
                    + type + " is not Serializable");
        }
        String name = v.name();
        // @word stands for a name given below; the code is one line, as every translation must keep lines.
        String code = "int[] @counts = new int[@comm.size()], @displs = new int[@comm.size()]; "
                + "for (long @c = 0; @c < @n; @c += @chunk) { @counts[(int) ((@c / @chunk) % @comm.size())] += "
                + "(int) (Math.min(@chunk, @n - @c) * @per); } "
                + "for (int @q = 1; @q < @counts.length; @q++) { @displs[@q] = @displs[@q - 1] + @counts[@q - 1]; } "
                + "var @mine = java.util.Arrays.copyOf(@a, @counts[@comm.rank()]); "
                + "{ int @p = 0; for (long @c = @comm.rank() * @chunk; @c < @n; @c += @comm.size() * @chunk) { "
                + "int @len = (int) (Math.min(@chunk, @n - @c) * @per); "
                + "System.arraycopy(@a, (int) ((@lower + @c) * @per), @mine, @p, @len); @p += @len; } } ";
        String unpack = "for (int @q = 0; @q < @comm.size(); @q++) { int @p = @base; "
                + "for (long @c = @q * @chunk; @c < @n; @c += @comm.size() * @chunk) { "
                + "int @len = (int) (Math.min(@chunk, @n - @c) * @per); "
                + "System.arraycopy(@from, @p, @a, (int) ((@lower + @c) * @per), @len); @p += @len; } } ";
        if (MpiSite.primitiveArray(type)) {
            code += "var @all = java.util.Arrays.copyOf(@a, @displs[@displs.length - 1] + @counts[@counts.length - 1]);"
                    + (root == null ? " @comm.allgatherv(@mine, 0, @mine.length, @all, @counts, @displs); "
                    : " @comm.gatherv(@mine, 0, @mine.length, @all, @counts, @displs, @root);"
                    + " if (@comm.rank() == @root) { ")
                    + unpack.replace("@base", "@displs[@q]").replace("@from", "@all") + (root == null ? "" : "} ");
        } else {
            code += "java.util.List<" + type + "> @parts = @comm." + (root == null ? "allgatherObjects(@mine); "
                    : "gatherObjects(@mine, @root); ") + "if (@parts != null) { "
                    + unpack.replace("@base", "0").replace("@from", "@parts.get(@q)") + "} ";
        }
        Map<String, String> names = new java.util.HashMap<>(Map.of("comm", comm, "chunk", chunkName, "per", per,
                "n", n, "lower", lower, "root", root == null ? "" : root, "a", ctx.outer(name, c)));
        for (String local : new String[] {"counts", "displs", "mine", "all", "parts", "c", "q", "p", "len"}) {
            names.put(local, ctx.fresh(name + "$" + local));
        }
        return java.util.regex.Pattern.compile("@([a-z]+)").matcher(code)
                .replaceAll(m -> java.util.regex.Matcher.quoteReplacement(names.get(m.group(1))));
    }

    /** Whether an //mpi directive between two offsets names {@code name} (a gather or bcast completing it). */
    private boolean collectedBetween(String name, int from, int to) {
        java.util.regex.Pattern word = java.util.regex.Pattern.compile("\\b" + java.util.regex.Pattern.quote(name)
                + "\\b");
        for (String line : ctx.text().slice(from, to).split("\n")) {
            String t = line.strip();
            if (t.startsWith("//mpi") && word.matcher(t).find()) {
                return true;
            }
        }
        return false;
    }

    private String step(CanonicalLoop l) {
        if (l.step() == null) {
            return "(" + l.literalStep() + "L)";
        }
        String s = ctx.render(l.step(), c);
        return l.negateStep() ? "(-(long) (" + s + "))" : "((long) (" + s + "))";
    }

    /** Iterations of the loop, as a long expression (as in ForRewriter's collapsed loops). */
    private String tripCount(CanonicalLoop l) {
        String span = "(long) (" + ctx.render(l.bound(), c) + ") - (long) (" + ctx.render(l.lower(), c) + ")";
        String step = step(l);
        if (l.literalStep() == 1) {
            return "Math.max(0L, " + span + (l.inclusive() ? " + 1" : "") + ")";
        }
        String adjust = l.inclusive() ? "" : l.increasing() ? " - 1" : " + 1";
        return "Math.max(0L, (" + span + " + " + step + adjust + ") / " + step + ")";
    }

    /**
     * Warns where a variable from outside the loop that the loop assigns (or whose elements it assigns) is used
     * after the loop without being reduced or gathered: each rank holds only its own share of the iterations' work.
     */
    private void warnRankLocal(ForStmt f, CanonicalLoop loop) {
        Set<String> covered = new LinkedHashSet<>();
        c.directive().all(Clause.Reduction.class).forEach(r -> r.vars().forEach(v -> covered.add(v.name())));
        c.directive().vars("gather").forEach(v -> covered.add(v.name()));
        c.directive().vars("allgather").forEach(v -> covered.add(v.name()));
        covered.add(loop.index());
        for (Construct m : ctx.constructsOn(f)) {
            m.directive().all(Clause.Reduction.class).forEach(r -> r.vars().forEach(v -> covered.add(v.name())));
        }
        Map<String, LocalVar> outside = Scopes.visibleLocals(f);
        Map<String, Node> assigned = new LinkedHashMap<>();
        for (Node n : f.getBody().findAll(Node.class)) {
            NameExpr target = Scopes.assignedName(n);
            if (target == null) {
                Expression t = n instanceof AssignExpr a ? a.getTarget()
                        : n instanceof UnaryExpr u && Scopes.isIncDec(u) ? u.getExpression() : null;
                while (t instanceof ArrayAccessExpr e) {
                    t = e.getName();
                }
                target = t instanceof NameExpr ne ? ne : null;
            }
            if (target != null && outside.containsKey(target.getNameAsString())
                    && !covered.contains(target.getNameAsString())
                    && !Scopes.shadowedBetween(target, f, target.getNameAsString())) {
                assigned.putIfAbsent(target.getNameAsString(), target);
            }
        }
        if (assigned.isEmpty()) {
            return;
        }
        Node method = f;
        while (method.getParentNode().isPresent() && !(method instanceof CallableDeclaration<?>)
                && !(method instanceof LambdaExpr)) {
            method = method.getParentNode().get();
        }
        int end = ctx.text().end(f);
        Set<String> warned = new LinkedHashSet<>();
        for (NameExpr use : method.findAll(NameExpr.class)) {
            String name = use.getNameAsString();
            if (assigned.containsKey(name) && ctx.text().begin(use) >= end
                    && outside.get(name).equals(Scopes.visibleLocals(use).get(name))
                    && !collectedBetween(name, end, ctx.text().begin(use)) && warned.add(name)) {
                var at = use.getBegin().orElseThrow();
                ctx.warn(at.line, at.column, "'" + name + "' is assigned in the distributed loop at line "
                        + c.line() + " on each rank's share of the iterations only, and used here without"
                        + " reduction or gather: every rank sees its own partial value");
            }
        }
    }
}
