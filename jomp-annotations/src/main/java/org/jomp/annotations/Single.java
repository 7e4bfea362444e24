package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The body of the annotated method runs as {@code //omp single}: when the team calls it, one thread runs the body
 * and the others wait at its end (unless {@link #nowait}). The body may not {@code return}.
 *
 * <pre>{@code
 * @Single
 * void loadConfig() {
 *     config = Config.read(path);
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.METHOD)
public @interface Single {

    /** {@code nowait}: the other threads do not wait. */
    boolean nowait() default false;

    /** {@code private(list)}. */
    String[] privateVars() default {};

    /** {@code firstprivate(list)}. */
    String[] firstPrivate() default {};
}
