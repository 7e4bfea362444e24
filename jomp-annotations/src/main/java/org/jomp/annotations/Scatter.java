package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Right after its declaration, the annotated local receives this rank's part of the root's {@link #from} array:
 * {@code //mpi scatter(from -> name) root(expr)} after the declaration.
 *
 * <pre>{@code
 * @Scatter(from = "all", root = "0") int[] mine = new int[all.length / ranks];
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.LOCAL_VARIABLE)
public @interface Scatter {

    /** The source: an array, or a slice {@code a[from : to]}, on the root. */
    String from();

    /** {@code root(expr)}: the rank that scatters; empty for rank 0. */
    String root() default "";

    /** {@code nowait}: in a hybrid program, the rank's team does not wait for the transfer. */
    boolean nowait() default false;
}
