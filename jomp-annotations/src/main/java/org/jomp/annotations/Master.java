package org.jomp.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The body of the annotated method runs as {@code //omp master}: only thread 0 of the team runs it; there is no
 * barrier. The body may not {@code return}.
 *
 * <pre>{@code
 * @Master
 * void progress(int step) {
 *     System.out.println("step " + step);
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.METHOD)
public @interface Master {
}
