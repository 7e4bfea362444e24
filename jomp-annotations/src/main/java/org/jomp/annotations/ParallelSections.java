package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The body of the annotated method is {@code //omp parallel sections} in which each statement is a section: a
 * team runs the statements at the same time, each once. The body may not declare locals (each would be visible in
 * its own section only) nor {@code return}.
 *
 * <pre>{@code
 * @ParallelSections(numThreads = "2")
 * void both() {
 *     left = sortHalf(a, 0, mid);
 *     right = sortHalf(a, mid, n);
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.METHOD)
public @interface ParallelSections {

    /** {@code num_threads(expr)}; empty for the default team size. */
    String numThreads() default "";

    /** {@code if(expr)}: when false the sections run on a team of one; empty for always parallel. */
    String condition() default "";

    /** {@code reduction(op : list)}, one clause per element, on fields or parameters. */
    String[] reduction() default {};

    /** {@code private(list)}. */
    String[] privateVars() default {};

    /** {@code firstprivate(list)}. */
    String[] firstPrivate() default {};

    /** {@code lastprivate(list)}. */
    String[] lastPrivate() default {};

    /** {@code shared(list)}. */
    String[] shared() default {};
}
