package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The loop whose index this annotates is divided among the ranks, and each rank's share among the threads of a
 * team, {@code //mpi parallel for}: reductions happen at both levels.
 *
 * <pre>{@code
 * for (@DistributedParallelFor(numThreads = "4", reduction = "+:sum") int i = 0; i < n; i++) {
 *     sum += f(i);
 * }
 * }</pre>
 *
 * <p>is {@code //mpi parallel for num_threads(4) reduction(+:sum)} over the loop.
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.LOCAL_VARIABLE)
public @interface DistributedParallelFor {

    /** {@code schedule(block|cyclic[, chunk])} among the ranks. */
    Distribution schedule() default Distribution.BLOCK;

    /** The chunk of the schedule, an expression; empty for none. */
    String chunk() default "";

    /** {@code num_threads(expr)}: the team size on each rank; empty for the default. */
    String numThreads() default "";

    /** {@code reduction(op : list)}, one clause per element. */
    String[] reduction() default {};

    /** {@code gather(array)}. */
    String[] gather() default {};

    /** {@code allgather(array)}. */
    String[] allgather() default {};

    /** {@code root(expr)}: the rank that gathers; empty for rank 0. */
    String root() default "";
}
