package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The body of the annotated method runs only on rank 0 of an SPMD program, {@code //mpi master}; the other ranks
 * skip it. The body may not {@code return}.
 *
 * <pre>{@code
 * @MasterRank
 * void print(int[] result) {
 *     System.out.println(Arrays.toString(result));
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.METHOD)
public @interface MasterRank {
}
