package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The loop whose index this annotates runs as {@code //omp parallel for}: a parallel region containing one
 * work-sharing loop. It stands on the index variable of a {@code for} or on the variable of a for-each loop.
 *
 * <pre>{@code
 * long sum = 0;
 * for (@ParallelFor(schedule = Schedule.DYNAMIC, chunk = "4", reduction = "+:sum") int i = 0; i < n; i++) {
 *     sum += f(i);
 * }
 * }</pre>
 *
 * <p>is the same program as
 *
 * <pre>{@code
 * //omp parallel for schedule(dynamic, 4) reduction(+:sum)
 * for (int i = 0; i < n; i++) { ... }
 * }</pre>
 *
 * <p>Expressions ({@link #chunk}, {@link #numThreads}, {@link #condition}) are Java expressions written as strings;
 * variable lists name variables as the clauses do ({@code "a, b"}). They are checked with the directive grammar
 * and errors point at the character inside the string.
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.LOCAL_VARIABLE)
public @interface ParallelFor {

    /** {@code schedule(kind[, chunk])}. */
    Schedule schedule() default Schedule.STATIC;

    /** The chunk size of the schedule, an expression; empty for none. */
    String chunk() default "";

    /** {@code num_threads(expr)}; empty for the default team size. */
    String numThreads() default "";

    /** {@code if(expr)}: when false the region runs on a team of one; empty for always parallel. */
    String condition() default "";

    /** {@code reduction(op : list)}, one clause per element: {@code {"+:sum", "max:best"}}. */
    String[] reduction() default {};

    /** {@code private(list)}. */
    String[] privateVars() default {};

    /** {@code firstprivate(list)}. */
    String[] firstPrivate() default {};

    /** {@code lastprivate(list)}. */
    String[] lastPrivate() default {};

    /** {@code shared(list)}. */
    String[] shared() default {};

    /** {@code collapse(n)}: the {@code n} perfectly nested loops are divided as one iteration space. */
    int collapse() default 1;

    /** {@code ordered}: the body may contain {@code //omp ordered} blocks. */
    boolean ordered() default false;

    /** {@code default(none)}: every local the loop uses must be listed in a clause. */
    boolean defaultNone() default false;
}
