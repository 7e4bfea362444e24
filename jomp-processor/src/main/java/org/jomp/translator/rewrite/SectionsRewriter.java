package org.jomp.translator.rewrite;

import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.Statement;
import org.jomp.translator.analysis.Branches;
import org.jomp.translator.directive.DirectiveKind;

import java.util.List;
import java.util.Set;

/**
 * {@code //omp sections}: the block becomes the switch of a loop over the sections this thread claims,
 * {@code Sections s = Omp.sections(n); for (int k; (k = s.next()) >= 0; ) switch (k) { case 0: { ... } break; ... }},
 * then {@code s.end(nowait)}. The first section may go without its {@code //omp section} line.
 */
final class SectionsRewriter {

    private final Construct c;
    private final RewriteContext ctx;

    SectionsRewriter(Construct c, RewriteContext ctx) {
        this.c = c;
        this.ctx = ctx;
    }

    void rewrite() {
        if (!(c.statement() instanceof BlockStmt block)) {
            throw RewriteContext.error(c.statement(), "'sections' must be followed by a block of sections");
        }
        List<Statement> statements = block.getStatements();
        for (int i = 0; i < statements.size(); i++) {
            Statement s = statements.get(i);
            boolean marked = ctx.constructsOn(s).stream().anyMatch(k -> k.kind() == DirectiveKind.SECTION);
            if (!marked && i > 0) {
                throw RewriteContext.error(s, "every statement of a 'sections' block after the first must be a"
                        + " section: put '//omp section' above it");
            }
            Branches.checkStructured(s, c.writtenName(), false);
        }
        DataCopies copies = new DataCopies(c, ctx);
        copies.declare(name -> ctx.outer(name, c), Set.of());
        ctx.scope(c, block);
        String omp = ctx.rt("Omp");
        String sections = ctx.fresh("sections$");
        String index = ctx.fresh("section$");
        String label = Cancellation.labelFor(c, "sections", ctx);
        ctx.open(ctx.text().begin(block), "{ " + copies.declarations() + ctx.rt("Sections") + " " + sections + " = "
                + omp + ".sections(" + statements.size() + "); " + (label == null ? "" : label + ": ") + "for (int "
                + index + "; (" + index + " = " + sections + ".next()) >= 0; ) switch (" + index + ") ", c);
        for (int i = 0; i < statements.size(); i++) {
            Statement s = statements.get(i);
            ctx.open(ctx.text().begin(s), "case " + i + ": { ", c);
            ctx.close(ctx.text().end(s), " } break;", c);
        }
        StringBuilder end = new StringBuilder(" ");
        if (!copies.lastprivate().isEmpty()) {
            end.append("if (").append(sections).append(".last()) { ").append(copies.lastprivate()).append("} ");
        }
        end.append(copies.reduction()).append(sections).append(".end(").append(c.directive().has("nowait"))
                .append("); }");
        ctx.close(ctx.text().end(block), end.toString(), c);
    }
}
