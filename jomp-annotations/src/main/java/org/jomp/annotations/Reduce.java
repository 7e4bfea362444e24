package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Right after its declaration, the annotated local is combined over all ranks into the root rank's copy:
 * {@code //mpi reduce(op : name) root(expr)} after the declaration.
 *
 * <pre>{@code
 * @Reduce(value = "+", root = "0") long total = countMine();
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.LOCAL_VARIABLE)
public @interface Reduce {

    /** The operator: {@code + * - & | ^ && || min max}. */
    String value();

    /** {@code root(expr)}: the rank that receives the result; empty for rank 0. */
    String root() default "";

    /** {@code nowait}: in a hybrid program, the rank's team does not wait for the transfer. */
    boolean nowait() default false;
}
