package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The body of the annotated method is a parallel region, {@code //omp parallel}: every thread of a team runs it.
 * Parameters and fields are shared, locals declared in the body are private to each thread. As with the comment
 * form, the body may not {@code return}; the method is normally {@code void}.
 *
 * <pre>{@code
 * @Parallel(numThreads = "threads")
 * void work(int threads, double[] a) {
 *     for (@For int i = 0; i < a.length; i++) a[i] = Math.sqrt(i);
 *     hello();
 * }
 * }</pre>
 *
 * <p>is the method whose body is {@code //omp parallel num_threads(threads)} over the original block.
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.METHOD)
public @interface Parallel {

    /** {@code num_threads(expr)}; empty for the default team size. */
    String numThreads() default "";

    /** {@code if(expr)}: when false the region runs on a team of one; empty for always parallel. */
    String condition() default "";

    /** {@code reduction(op : list)}, one clause per element, on fields or parameters. */
    String[] reduction() default {};

    /** {@code private(list)}. */
    String[] privateVars() default {};

    /** {@code firstprivate(list)}. */
    String[] firstPrivate() default {};

    /** {@code shared(list)}. */
    String[] shared() default {};

    /** {@code default(none)}: every local the region uses must be listed in a clause. */
    boolean defaultNone() default false;
}
