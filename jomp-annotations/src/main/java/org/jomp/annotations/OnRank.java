package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The body of the annotated method runs only on one rank of an SPMD program, {@code //mpi on(rank)}; the other
 * ranks skip it. The body may not {@code return}.
 *
 * <pre>{@code
 * @OnRank("ranks - 1")
 * void report(long total) {
 *     System.out.println("total " + total);
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.METHOD)
public @interface OnRank {

    /** The rank, an expression. */
    String value();
}
