package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The annotated local is {@code lastprivate} in the constructs that follow its declaration in its block, use it and
 * take the clause (the outermost ones: a region, or a loop outside any region), annotations or {@code //omp}
 * comments alike: each thread of those work-sharing loops has its own copy; after the loop the variable holds the
 * value of the sequentially last iteration.
 *
 * <pre>{@code
 * @LastPrivate double x = 0;
 * for (@ParallelFor int i = 0; i < n; i++) {
 *     x = f(i);
 *     out[i] = x * x;
 * }
 * }</pre>
 *
 * <p>is {@code //omp parallel for lastprivate(x)} over the loop.
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.LOCAL_VARIABLE)
public @interface LastPrivate {
}
