package org.jomp.translator.annotation;

import com.github.javaparser.Position;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.Statement;
import org.jomp.translator.TranslationException;
import org.jomp.translator.directive.Clause;
import org.jomp.translator.directive.Directive;
import org.jomp.translator.directive.DirectiveKind;
import org.jomp.translator.directive.Var;
import org.jomp.translator.source.JavaSource;
import org.jomp.translator.source.Placement;
import org.jomp.translator.source.PlacementSource;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

/**
 * Places the annotations' constructs among the comments' in the core's parse of the prepared text, and adds the
 * clauses of local-variable annotations to the constructs they apply to: the outermost constructs (annotation or
 * comment) whose statements follow the declaration in its block, use the variable and take the clause; of several
 * stacked on one statement, the first.
 */
final class AnnotationPlacements implements PlacementSource {

    private final AnnotatedSource found;

    AnnotationPlacements(AnnotatedSource found) {
        this.found = found;
    }

    @Override
    public List<Placement> placements(JavaSource parsed, List<Placement> fromComments,
                                      Consumer<TranslationException> errors) {
        List<Placement> all = new ArrayList<>(fromComments);
        for (AnnotatedSource.Construct c : found.constructs()) {
            Statement s = found.statement(c, parsed);
            if (s == null) {
                throw new IllegalStateException("no statement for " + c);
            }
            all.add(new Placement(c.directive(), null, s.getParentNode().orElseThrow(), s));
            DirectiveKind kind = c.directive().kind();
            if (kind == DirectiveKind.SECTIONS || kind == DirectiveKind.PARALLEL_SECTIONS) {
                sections((BlockStmt) s, all, errors);
            }
        }
        all.sort(Comparator.comparingInt((Placement p) -> p.directive().line())
                .thenComparingInt(p -> p.directive().column()));
        for (AnnotatedSource.Local l : found.locals()) {
            try {
                addClause(parsed, all, l);
            } catch (TranslationException e) {
                errors.accept(e);
            }
        }
        return all;
    }

    /** Each statement of a sections method's body is a section, as if each had its {@code //omp section} line. */
    private static void sections(BlockStmt body, List<Placement> all, Consumer<TranslationException> errors) {
        for (Statement section : body.getStatements()) {
            Position at = section.getBegin().orElseThrow();
            if (section instanceof ExpressionStmt e && e.getExpression() instanceof VariableDeclarationExpr v) {
                errors.accept(new TranslationException(at.line, at.column, "each statement of a sections method is a"
                        + " section: declare '" + v.getVariable(0).getNameAsString() + "' outside the method, or"
                        + " put the section in a block"));
                continue;
            }
            all.add(new Placement(new Directive(DirectiveKind.SECTION, null, List.of(), List.of(), at.line,
                    at.column, at.column), null, body, section));
        }
    }

    private void addClause(JavaSource parsed, List<Placement> all, AnnotatedSource.Local l) {
        Statement declaration = found.declaration(l, parsed);
        Node block = declaration.getParentNode().orElseThrow();
        int after = parsed.text().end(declaration);
        String clause = l.clause().name();
        List<Placement> inScope = new ArrayList<>();
        for (Placement p : all) {
            Statement s = p.statement();
            if (s != null && block.isAncestorOf(s) && parsed.text().begin(s) >= after
                    && p.directive().kind().allows(clause) && uses(s, l.variable())) {
                inScope.add(p);
            }
        }
        List<Placement> outermost = new ArrayList<>();
        for (Placement p : inScope) {
            boolean nested = inScope.stream().anyMatch(q -> q.statement() != p.statement()
                    && q.statement().isAncestorOf(p.statement()));
            boolean stackedUnderAnother = outermost.stream().anyMatch(q -> q.statement() == p.statement());
            if (!nested && !stackedUnderAnother) {
                outermost.add(p);
            }
        }
        if (outermost.isEmpty()) {
            throw new TranslationException(l.at().line, l.at().column, "@" + l.kind().simpleName() + " on '"
                    + l.variable() + "' applies to no construct: none that takes '" + clause + "' and uses it follows"
                    + " its declaration in its block");
        }
        for (Placement taker : outermost) {
            Directive d = taker.directive();
            for (Clause c : d.clauses()) {
                for (Var v : vars(c)) {
                    if (v.name().equals(l.variable())) {
                        throw new TranslationException(l.at().line, l.at().column, "@" + l.kind().simpleName()
                                + " on '" + l.variable() + "': '" + d.kind().text() + "' (line " + d.line()
                                + ") already names it in '" + c.name() + "'");
                    }
                }
            }
            List<Clause> clauses = new ArrayList<>(d.clauses());
            clauses.add(l.clause());
            Directive widened = new Directive(d.kind(), d.argument(), d.names(), clauses, d.line(), d.column(),
                    d.argColumn());
            all.set(all.indexOf(taker), new Placement(widened, taker.comment(), taker.container(), taker.statement()));
        }
    }

    private static boolean uses(Statement s, String variable) {
        return s.findAll(NameExpr.class).stream().anyMatch(n -> n.getNameAsString().equals(variable));
    }

    private static List<Var> vars(Clause c) {
        if (c instanceof Clause.VarList v) {
            return v.vars();
        }
        if (c instanceof Clause.Reduction r) {
            return r.vars();
        }
        return List.of();
    }
}
