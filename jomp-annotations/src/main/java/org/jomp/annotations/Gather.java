package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Right after its declaration, the annotated local on the root receives every rank's {@link #from}, in rank
 * order: {@code //mpi gather(from -> name) root(expr)} after the declaration.
 *
 * <pre>{@code
 * @Gather(from = "mine", root = "0") int[] all = new int[mine.length * ranks];
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.LOCAL_VARIABLE)
public @interface Gather {

    /** What each rank sends: a variable, an array or a slice. */
    String from();

    /** {@code root(expr)}: the rank that gathers; empty for rank 0. */
    String root() default "";

    /** {@code nowait}: in a hybrid program, the rank's team does not wait for the transfer. */
    boolean nowait() default false;
}
