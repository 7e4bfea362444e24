package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The annotated local is a reduction variable, {@code reduction(op : name)}, of the constructs that follow its
 * declaration in its block, use it and take the clause (the outermost ones: a region, or a loop outside any
 * region): each thread accumulates into its own copy, combined into the variable at the end of the construct. Those
 * constructs may be annotations or {@code //omp} comments.
 *
 * <pre>{@code
 * @Reduction("+") long sum = 0;
 * for (@ParallelFor int i = 0; i < n; i++) {
 *     sum += data[i];
 * }
 * }</pre>
 *
 * <p>is {@code //omp parallel for reduction(+:sum)} over the loop.
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.LOCAL_VARIABLE)
public @interface Reduction {

    /** The operator: {@code + * - & | ^ && || min max}, or the name of a {@code //omp declare reduction}. */
    String value();
}
