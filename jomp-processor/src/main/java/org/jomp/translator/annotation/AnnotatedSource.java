package org.jomp.translator.annotation;

import com.github.javaparser.Position;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import org.jomp.translator.TranslationException;
import org.jomp.translator.directive.Clause;
import org.jomp.translator.directive.Directive;
import org.jomp.translator.source.JavaSource;
import org.jomp.translator.source.SourceText;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The JOMP annotations of one file, each turned into its directive (loop and method forms) or clause (local-variable
 * forms), and the file's text prepared for the core: every annotation blanked out (spaces, so nothing moves), and
 * the body of each annotated method wrapped in an inner block, {@code {{ ... }}}, which becomes the statement of
 * the method's construct. Only characters on existing lines are added, so every line keeps its number.
 */
final class AnnotatedSource {

    /** A loop or method annotation: its directive and the statement it applies to, by offset in the original. */
    record Construct(Directive directive, int statementOffset, boolean methodBody) {
    }

    /**
     * A local-variable annotation: its clause and where the declaration statement ends in the original (its start
     * is the annotation, which the prepared text blanks).
     */
    record Local(AnnotationKind kind, Clause clause, String variable, int declarationEnd, Position at) {
    }

    /**
     * A collective annotation: its directive, written as an {@code //mpi} comment at the end of the declaration's
     * line, so that it stands after the declaration like the comment form; positions in that comment map back to
     * the annotation.
     */
    record Collective(DirectiveText directive, int insertedAt) {
    }

    private final SourceText original;
    private final List<Construct> constructs = new ArrayList<>();
    private final List<Local> locals = new ArrayList<>();
    private final List<Collective> collectives = new ArrayList<>();
    private final List<int[]> blanks = new ArrayList<>();
    /** Text inserted at offsets of the original text, never a line break. */
    private final List<Insertion> insertions = new ArrayList<>();

    private record Insertion(int offset, String text) {
    }

    private AnnotatedSource(SourceText original) {
        this.original = original;
    }

    static AnnotatedSource find(JavaSource parsed, Consumer<TranslationException> errors) {
        AnnotatedSource found = new AnnotatedSource(parsed.text());
        AnnotationNames names = new AnnotationNames(parsed.unit());
        for (AnnotationExpr a : parsed.unit().findAll(AnnotationExpr.class)) {
            AnnotationKind kind = names.kindOf(a);
            if (kind == null) {
                continue;
            }
            try {
                found.add(kind, a);
            } catch (TranslationException e) {
                errors.accept(e);
            }
        }
        return found;
    }

    boolean isEmpty() {
        return constructs.isEmpty() && locals.isEmpty() && collectives.isEmpty();
    }

    List<Collective> collectives() {
        return collectives;
    }

    List<Construct> constructs() {
        return constructs;
    }

    List<Local> locals() {
        return locals;
    }

    private void add(AnnotationKind kind, AnnotationExpr a) {
        Node owner = a.getParentNode().orElseThrow();
        switch (kind.form()) {
            case LOOP -> {
                Node loop = owner instanceof VariableDeclarationExpr ? owner.getParentNode().orElse(null) : null;
                boolean header = loop instanceof ForStmt f && f.getInitialization().contains(owner)
                        || loop instanceof ForEachStmt e && e.getVariable() == owner;
                if (!header) {
                    throw AnnotationDirectives.at(a, "@" + kind.simpleName() + " must annotate the index variable of"
                            + " a for loop or the variable of a for-each loop");
                }
                constructs.add(new Construct(AnnotationDirectives.directive(kind, a), original.begin(loop), false));
            }
            case METHOD -> {
                if (!(owner instanceof MethodDeclaration m) || m.getBody().isEmpty()) {
                    throw AnnotationDirectives.at(a, "@" + kind.simpleName() + " must annotate a method with a body");
                }
                BlockStmt body = m.getBody().get();
                Directive d = AnnotationDirectives.directive(kind, a);
                insertions.add(new Insertion(original.begin(body) + 1, "{"));
                insertions.add(new Insertion(original.end(body) - 1, "}"));
                constructs.add(new Construct(d, original.begin(body), true));
            }
            case LOCAL -> {
                Node statement = owner instanceof VariableDeclarationExpr ? owner.getParentNode().orElse(null) : null;
                if (!(statement instanceof ExpressionStmt)) {
                    throw AnnotationDirectives.at(a, "@" + kind.simpleName() + " must annotate the declaration of a"
                            + " local variable in a block");
                }
                for (VariableDeclarator v : ((VariableDeclarationExpr) owner).getVariables()) {
                    Clause c = AnnotationDirectives.clause(kind, a, v.getNameAsString(),
                            AnnotationDirectives.begin(v.getName()));
                    locals.add(new Local(kind, c, v.getNameAsString(), original.end(statement),
                            AnnotationDirectives.begin(a)));
                }
            }
            case COLLECTIVE -> {
                Node statement = owner instanceof VariableDeclarationExpr ? owner.getParentNode().orElse(null) : null;
                if (!(statement instanceof ExpressionStmt)) {
                    throw AnnotationDirectives.at(a, "@" + kind.simpleName() + " must annotate the declaration of a"
                            + " local variable in a block");
                }
                int end = original.end(statement);
                int lineEnd = end;
                while (lineEnd < original.text().length() && original.text().charAt(lineEnd) != '\n'
                        && original.text().charAt(lineEnd) != '\r') {
                    lineEnd++;
                }
                if (!original.slice(end, lineEnd).isBlank()) {
                    throw AnnotationDirectives.at(a, "@" + kind.simpleName() + ": nothing may follow the declaration"
                            + " on its line (the transfer happens right after it)");
                }
                VariableDeclarationExpr declaration = (VariableDeclarationExpr) owner;
                DirectiveText d = AnnotationDirectives.collective(kind, a,
                        declaration.getVariables().stream().map(VariableDeclarator::getNameAsString).toList(),
                        declaration.getVariables().stream().map(v -> AnnotationDirectives.begin(v.getName())).toList());
                insertions.add(new Insertion(lineEnd, " //" + d.text()));
                collectives.add(new Collective(d, lineEnd));
            }
        }
        blanks.add(new int[] {original.begin(a), original.end(a)});
    }

    /** The text the core translates: annotations blanked, annotated method bodies wrapped in an inner block. */
    String prepared() {
        StringBuilder out = new StringBuilder(original.text());
        for (int[] b : blanks) {
            for (int i = b[0]; i < b[1]; i++) {
                char ch = out.charAt(i);
                if (ch != '\n' && ch != '\r') {
                    out.setCharAt(i, ' ');
                }
            }
        }
        List<Insertion> sorted = new ArrayList<>(insertions);
        sorted.sort((x, y) -> Integer.compare(y.offset, x.offset));
        for (Insertion i : sorted) {
            out.insert(i.offset, i.text);
        }
        return out.toString();
    }

    /** Where an offset of the original text lies in the prepared text (text inserted at it comes before it). */
    int prepared(int offset) {
        int shift = 0;
        for (Insertion i : insertions) {
            if (i.offset <= offset) {
                shift += i.text.length();
            }
        }
        return offset + shift;
    }

    /** Where an offset of the prepared text lies in the original; inserted text maps to where it was inserted. */
    int original(int preparedOffset) {
        List<Insertion> sorted = new ArrayList<>(insertions);
        sorted.sort((x, y) -> Integer.compare(x.offset, y.offset));
        int shift = 0;
        for (Insertion i : sorted) {
            int start = i.offset + shift;
            if (preparedOffset < start) {
                break;
            }
            if (preparedOffset < start + i.text.length()) {
                return i.offset;
            }
            shift += i.text.length();
        }
        return preparedOffset - shift;
    }

    /** Where the {@code //} of a collective's comment stands in the prepared text. */
    int commentOffset(Collective c) {
        return prepared(c.insertedAt()) - (" //" + c.directive().text()).length() + 1;
    }

    /** The statement of a loop or method construct in the parse of the prepared text. */
    Statement statement(Construct c, JavaSource prepared) {
        int at = prepared(c.statementOffset());
        if (c.methodBody()) {
            BlockStmt body = statementAt(prepared, at, BlockStmt.class);
            return body.getStatement(0);
        }
        Statement s = statementAt(prepared, at, ForStmt.class);
        return s != null ? s : statementAt(prepared, at, ForEachStmt.class);
    }

    /** The declaration statement of a local-variable annotation in the parse of the prepared text. */
    Statement declaration(Local l, JavaSource prepared) {
        int end = prepared(l.declarationEnd() - 1) + 1;
        for (ExpressionStmt s : prepared.unit().findAll(ExpressionStmt.class)) {
            if (prepared.text().end(s) == end) {
                return s;
            }
        }
        return null;
    }

    private static <S extends Statement> S statementAt(JavaSource parsed, int offset, Class<S> type) {
        for (S s : parsed.unit().findAll(type)) {
            if (parsed.text().begin(s) == offset) {
                return s;
            }
        }
        return null;
    }
}
