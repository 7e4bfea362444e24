package org.jomp.translator.rewrite;

import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.NameExpr;
import org.jomp.translator.analysis.LocalVar;
import org.jomp.translator.analysis.Scopes;
import org.jomp.translator.types.Resolution;

import java.util.Optional;
import java.util.Set;

/**
 * The declared type of the iterable of a for-each that a directive divides ({@code //omp for}, {@code //mpi for}):
 * the loop becomes a counted loop over an array's elements or a List's {@code get(i)}, so the translator must know
 * which of the two it walks, or whether it must first copy another Iterable into a List.
 */
public final class IterableType {

    /** JDK collections that are not Lists: copied with ArrayList's constructor. */
    private static final Set<String> COLLECTIONS = Set.of("Collection", "SequencedCollection", "Set", "SequencedSet",
            "SortedSet", "NavigableSet", "HashSet", "LinkedHashSet", "TreeSet", "EnumSet", "CopyOnWriteArraySet",
            "ConcurrentSkipListSet", "Queue", "Deque", "ArrayDeque", "PriorityQueue", "BlockingQueue",
            "BlockingDeque", "LinkedBlockingQueue", "LinkedBlockingDeque", "ArrayBlockingQueue",
            "PriorityBlockingQueue", "ConcurrentLinkedQueue", "ConcurrentLinkedDeque");

    private IterableType() {
    }

    /**
     * What a work-sharing for-each over {@code expression} of declared type {@code type} walks by position: the
     * array or List itself, or a copy, in iteration order, of any other Iterable (a Set, a Queue, a Collection or
     * a plain Iterable), which has no get(i).
     */
    public static String indexable(String type, String expression) {
        if (type.endsWith("]")) {
            return expression;
        }
        String raw = type.contains("<") ? type.substring(0, type.indexOf('<')) : type;
        String simple = raw.substring(raw.lastIndexOf('.') + 1).strip();
        if (simple.endsWith("List") || simple.equals("Vector") || simple.equals("Stack")) {
            return expression;
        }
        if (COLLECTIONS.contains(simple)) {
            return "new java.util.ArrayList<>(" + expression + ")";
        }
        return "java.util.stream.StreamSupport.stream((" + expression + ").spliterator(), false).toList()";
    }

    /**
     * The declared type of {@code iterable} when it is a name (local or field); with a type context, the type of
     * any iterable expression. {@code what} names the loop in the error ("a work-sharing for-each"), {@code forms}
     * what it may walk ("an array or a List").
     */
    public static String of(Expression iterable, Construct c, RewriteContext ctx, String what, String forms) {
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
        throw RewriteContext.error(iterable, what + " needs " + forms + " held in a variable whose declared type is"
                + " visible; assign '" + ctx.text().text(iterable) + "' to a typed local first"
                + (resolved == null ? " (without a class path or source path, types the source does not write are"
                + " not resolved)" : "; " + resolved.problem()));
    }
}
