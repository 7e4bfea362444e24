package org.jomp.translator.annotation;

import com.github.javaparser.Position;
import org.jomp.translator.TranslationException;
import org.jomp.translator.directive.Clause;
import org.jomp.translator.directive.Directive;
import org.jomp.translator.directive.DirectiveParser;
import org.jomp.translator.directive.Expr;
import org.jomp.translator.directive.Var;
import org.jomp.translator.directive.mpi.MpiDirectiveParser;

import java.util.ArrayList;
import java.util.List;

/**
 * The text of a directive assembled from an annotation, with the source position of every character, parsed by the
 * same {@link DirectiveParser} as the comments. The parser is given the text as if it stood on line 1 starting at
 * column 1, so each position it reports is an index into the text, mapped back here to the annotation's source:
 * an error inside a string member points at the character inside the string literal.
 */
final class DirectiveText {

    private final StringBuilder text;
    private final List<Position> at = new ArrayList<>();
    private final Position origin;
    private final boolean mpi;

    /**
     * @param origin where the annotation's {@code @} stands; the directive's own position
     * @param mpi    an {@code //mpi} directive rather than an {@code //omp} one
     */
    DirectiveText(Position origin, boolean mpi) {
        this.origin = origin;
        this.mpi = mpi;
        this.text = new StringBuilder(mpi ? "mpi" : "omp");
        for (int i = 0; i < 3; i++) {
            at.add(origin);
        }
    }

    /** The text as a comment would hold it after {@code //}. */
    String text() {
        return text.toString();
    }

    /** Appends text that stands for the source at one position (a member name, an enum constant). */
    DirectiveText add(String s, Position where) {
        for (int i = 0; i < s.length(); i++) {
            text.append(s.charAt(i));
            at.add(where);
        }
        return this;
    }

    /** Appends the content of a string literal whose first content character stands at {@code first}. */
    DirectiveText addLiteral(String content, Position first, boolean exact) {
        for (int i = 0; i < content.length(); i++) {
            text.append(content.charAt(i));
            at.add(exact ? first.right(i) : first);
        }
        return this;
    }

    /** Parses the text with the directive grammar; every position in the result (and in an error) is a source one. */
    Directive parse() {
        Directive d;
        try {
            // The parser reports column = its column argument + 2 + index; -1 makes that index + 1.
            d = mpi ? MpiDirectiveParser.parse(text.toString(), 1, -1) : DirectiveParser.parse(text.toString(), 1, -1);
        } catch (TranslationException e) {
            Position p = position(e.column());
            throw new TranslationException(p.line, p.column, e.getMessage());
        }
        List<Clause> clauses = d.clauses().stream().map(this::relocate).toList();
        List<Var> names = d.names().stream().map(this::relocate).toList();
        return new Directive(d.kind(), d.argument(), names, clauses, origin.line, origin.column,
                position(d.argColumn()).column);
    }

    /** The source position of the character the parser reports at column {@code column} (index + 1). */
    Position position(int column) {
        int index = column - 1;
        if (index < 0) {
            return origin;
        }
        return at.get(Math.min(index, at.size() - 1));
    }

    private Var relocate(Var v) {
        Position p = position(v.column());
        return new Var(v.type(), v.name(), p.line, p.column);
    }

    private Expr relocate(Expr e) {
        if (e == null) {
            return null;
        }
        Position p = position(e.column());
        return new Expr(e.text(), p.line, p.column);
    }

    private Clause relocate(Clause c) {
        Position p = position(c.column());
        int l = p.line;
        int col = p.column;
        if (c instanceof Clause.VarList v) {
            return new Clause.VarList(v.name(), v.vars().stream().map(this::relocate).toList(), l, col);
        }
        if (c instanceof Clause.Reduction r) {
            return new Clause.Reduction(r.op(), r.udr(), r.vars().stream().map(this::relocate).toList(), l, col,
                    position(r.opColumn()).column);
        }
        if (c instanceof Clause.Schedule s) {
            return new Clause.Schedule(s.kind(), s.monotonic(), relocate(s.chunk()), l, col);
        }
        if (c instanceof Clause.Value v) {
            return new Clause.Value(v.name(), relocate(v.expr()), l, col);
        }
        if (c instanceof Clause.Collapse k) {
            return new Clause.Collapse(k.depth(), l, col);
        }
        if (c instanceof Clause.Default d) {
            return new Clause.Default(d.none(), l, col);
        }
        if (c instanceof Clause.Depend d) {
            return new Clause.Depend(d.type(), d.items().stream().map(this::relocate).toList(), l, col);
        }
        if (c instanceof Clause.DeclaredReduction r) {
            return new Clause.DeclaredReduction(r.reduction(), r.type(), relocate(r.combiner()),
                    relocate(r.initializer()), l, col);
        }
        if (c instanceof Clause.Transfer t) {
            return new Clause.Transfer(t.name(), t.op(), t.udr(), t.items().stream().map(this::relocate).toList(),
                    relocate(t.target()), l, col);
        }
        if (c instanceof Clause.Flag) {
            return new Clause.Flag(c.name(), l, col);
        }
        throw new IllegalStateException("no relocation for " + c);
    }
}
