package org.jomp.translator.rewrite;

import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.NameExpr;
import org.jomp.translator.analysis.LocalVar;
import org.jomp.translator.analysis.Scopes;
import org.jomp.translator.types.Resolution;

import java.util.Optional;

/**
 * The declared type of the iterable of a for-each that a directive divides ({@code //omp for}, {@code //mpi for}):
 * the loop becomes a counted loop over an array's elements or a List's {@code get(i)}, so the translator must know
 * which of the two it walks.
 */
public final class IterableType {

    private IterableType() {
    }

    /**
     * The declared type of {@code iterable} when it is a name (local or field); with a type context, the type of
     * any iterable expression. {@code what} names the loop in the error ("a work-sharing for-each").
     */
    public static String of(Expression iterable, Construct c, RewriteContext ctx, String what) {
        if (iterable instanceof NameExpr n) {
            Optional<LocalVar> local = ctx.local(n.getNameAsString(), c);
            Optional<String> type = local.isPresent() ? Optional.of(local.get().type())
                    : Scopes.fieldType(c.anchor(), n.getNameAsString());
            if (type.isPresent() && !type.get().equals("var")) {
                return type.get();
            }
        }
        Resolution resolved = ctx.resolveType(iterable);
        if (resolved != null && resolved.resolved()) {
            return resolved.type();
        }
        throw RewriteContext.error(iterable, what + " needs an array or a List held in a variable whose declared type"
                + " is visible; assign '" + ctx.text().text(iterable) + "' to a typed local first"
                + (resolved == null ? "" : "; " + resolved.problem()));
    }
}
