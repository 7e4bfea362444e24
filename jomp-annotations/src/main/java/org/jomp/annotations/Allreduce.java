package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Right after its declaration, the annotated local is combined over all ranks, and every rank gets the result:
 * {@code //mpi allreduce(op : name)} after the declaration.
 *
 * <pre>{@code
 * @Allreduce("max") double residual = localResidual();
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.LOCAL_VARIABLE)
public @interface Allreduce {

    /** The operator: {@code + * - & | ^ && || min max}. */
    String value();

    /** {@code nowait}: in a hybrid program, the rank's team does not wait for the transfer. */
    boolean nowait() default false;
}
