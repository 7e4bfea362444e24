package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The loop whose index this annotates is divided among the ranks of an SPMD program, {@code //mpi for}: each rank
 * runs its share of the iterations; reductions combine every rank's part, and arrays listed in {@link #gather} or
 * {@link #allgather} collect the elements each rank wrote.
 *
 * <pre>{@code
 * @Reduction("+") long sum = 0;
 * for (@DistributedFor(schedule = Distribution.CYCLIC, chunk = "3") int i = 0; i < n; i++) {
 *     sum += f(i);
 * }
 * }</pre>
 *
 * <p>is {@code //mpi for schedule(cyclic, 3) reduction(+:sum)} over the loop.
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.LOCAL_VARIABLE)
public @interface DistributedFor {

    /** {@code schedule(block|cyclic[, chunk])}. */
    Distribution schedule() default Distribution.BLOCK;

    /** The chunk of the schedule, an expression; empty for none. */
    String chunk() default "";

    /** {@code reduction(op : list)}, one clause per element: {@code {"+:sum", "max:best"}}. */
    String[] reduction() default {};

    /** {@code gather(array)}: the root collects every rank's elements of these arrays. */
    String[] gather() default {};

    /** {@code allgather(array)}: every rank collects every rank's elements of these arrays. */
    String[] allgather() default {};

    /** {@code root(expr)}: the rank that gathers; empty for rank 0. */
    String root() default "";
}
