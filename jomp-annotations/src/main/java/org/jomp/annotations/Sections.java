package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The body of the annotated method is a {@code //omp sections} construct in which each statement is a section:
 * the team runs each statement once, in some thread. Called from a region (a {@link Parallel} method, a
 * {@code //omp parallel} block), the team shares the work; elsewhere it runs as a team of one. The body may not
 * declare locals (each would be visible in its own section only) nor {@code return}.
 *
 * <pre>{@code
 * @Sections
 * void halves(int[] a, int mid) {
 *     Arrays.sort(a, 0, mid);
 *     Arrays.sort(a, mid, a.length);
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.METHOD)
public @interface Sections {

    /** {@code reduction(op : list)}, one clause per element, on fields or parameters. */
    String[] reduction() default {};

    /** {@code private(list)}. */
    String[] privateVars() default {};

    /** {@code firstprivate(list)}. */
    String[] firstPrivate() default {};

    /** {@code lastprivate(list)}. */
    String[] lastPrivate() default {};

    /** {@code nowait}: no barrier at the end. */
    boolean nowait() default false;
}
