package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Right after its declaration, the annotated local gets the value it has on the root rank, on every rank:
 * {@code //mpi bcast(name) root(expr)} after the declaration.
 *
 * <pre>{@code
 * @Bcast(root = "owner(k)") double[] row = rows[k % rows.length];
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.LOCAL_VARIABLE)
public @interface Bcast {

    /** {@code root(expr)}: the rank whose value every rank gets; empty for rank 0. */
    String root() default "";

    /** {@code nowait}: in a hybrid program, the rank's team does not wait for the transfer. */
    boolean nowait() default false;
}
