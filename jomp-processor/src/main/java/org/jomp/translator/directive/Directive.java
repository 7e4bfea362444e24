package org.jomp.translator.directive;

import java.util.List;
import java.util.Optional;

/**
 * A parsed {@code //omp} directive.
 *
 * @param kind      what it is
 * @param argument  the directive's own argument: the name of a critical section, the kind of an atomic construct
 *                  (read, write, update, capture), the kind of a cancel / cancellation point construct, or the
 *                  statement of {@code //omp only}; null when there is none
 * @param names     the variables of {@code flush(list)} and {@code threadprivate(list)}
 * @param clauses   the clauses in source order
 * @param line      line of the comment
 * @param column    column of the comment's {@code //}
 * @param argColumn column of {@code argument} (for {@code only}: of its statement)
 */
public record Directive(DirectiveKind kind, String argument, List<Var> names, List<Clause> clauses, int line,
                        int column, int argColumn) {

    public Directive {
        names = List.copyOf(names);
        clauses = List.copyOf(clauses);
    }

    public <C extends Clause> List<C> all(Class<C> type) {
        return clauses.stream().filter(type::isInstance).map(type::cast).toList();
    }

    public <C extends Clause> Optional<C> first(Class<C> type) {
        return clauses.stream().filter(type::isInstance).map(type::cast).findFirst();
    }

    public boolean has(String clauseName) {
        return clauses.stream().anyMatch(c -> c.name().equals(clauseName));
    }

    public Optional<Clause.Value> value(String clauseName) {
        return all(Clause.Value.class).stream().filter(c -> c.name().equals(clauseName)).findFirst();
    }

    /** The variables of every data-sharing clause called {@code clauseName}. */
    public List<Var> vars(String clauseName) {
        return all(Clause.VarList.class).stream().filter(c -> c.name().equals(clauseName))
                .flatMap(c -> c.vars().stream()).toList();
    }
}
