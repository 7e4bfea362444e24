package jomp.runtime;

/**
 * JOMP 1.0b's simple lock ({@code set}, {@code unset}, {@code test}): {@link org.jomp.runtime.Lock} under its
 * old name.
 */
public class Lock extends org.jomp.runtime.Lock {
}
