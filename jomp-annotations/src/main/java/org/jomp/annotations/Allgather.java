package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Right after its declaration, the annotated local on every rank receives every rank's {@link #from}, in rank
 * order: {@code //mpi allgather(from -> name)} after the declaration.
 *
 * <pre>{@code
 * @Allgather(from = "mine") int[] all = new int[mine.length * ranks];
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.LOCAL_VARIABLE)
public @interface Allgather {

    /** What each rank sends: a variable, an array or a slice. */
    String from();

    /** {@code nowait}: in a hybrid program, the rank's team does not wait for the transfer. */
    boolean nowait() default false;
}
