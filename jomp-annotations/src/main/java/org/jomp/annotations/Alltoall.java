package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Right after its declaration, block {@code j} of every rank's {@link #from} array goes to rank {@code j}, and the
 * annotated local receives the blocks sent to this rank: {@code //mpi alltoall(from -> name)} after the declaration.
 *
 * <pre>{@code
 * @Alltoall(from = "send") int[] received = new int[send.length];
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.LOCAL_VARIABLE)
public @interface Alltoall {

    /** The array whose blocks are sent, one block per rank. */
    String from();

    /** {@code nowait}: in a hybrid program, the rank's team does not wait for the transfer. */
    boolean nowait() default false;
}
