package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The body of the annotated method is a critical section, {@code //omp critical [(name)]}: one thread at a time
 * runs it, among all critical sections of the same name in the program. The body may not {@code return}.
 *
 * <pre>{@code
 * @Critical("histogram")
 * void add(int bucket) {
 *     counts[bucket]++;
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.METHOD)
public @interface Critical {

    /** The name of the critical section; empty for the unnamed one. */
    String value() default "";
}
