package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The loop whose index this annotates is a work-sharing loop, {@code //omp for}: its iterations are divided among
 * the threads of the enclosing team (a {@link Parallel} method, a {@code //omp parallel} region, or the caller's
 * team when the method is called from one).
 *
 * <pre>{@code
 * @Parallel
 * void smooth(double[] in, double[] out) {
 *     for (@For(schedule = Schedule.STATIC, nowait = true) int i = 1; i < in.length - 1; i++) {
 *         out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3;
 *     }
 * }
 * }</pre>
 *
 * <p>is {@code //omp for schedule(static) nowait} over that loop. Members are the clauses of {@code //omp for},
 * with expressions and variable lists written as strings.
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.LOCAL_VARIABLE)
public @interface For {

    /** {@code schedule(kind[, chunk])}. */
    Schedule schedule() default Schedule.STATIC;

    /** The chunk size of the schedule, an expression; empty for none. */
    String chunk() default "";

    /** {@code reduction(op : list)}, one clause per element: {@code {"+:sum", "max:best"}}. */
    String[] reduction() default {};

    /** {@code private(list)}. */
    String[] privateVars() default {};

    /** {@code firstprivate(list)}. */
    String[] firstPrivate() default {};

    /** {@code lastprivate(list)}. */
    String[] lastPrivate() default {};

    /** {@code collapse(n)}. */
    int collapse() default 1;

    /** {@code ordered}: the body may contain {@code //omp ordered} blocks. */
    boolean ordered() default false;

    /** {@code nowait}: no barrier at the end of the loop. */
    boolean nowait() default false;
}
