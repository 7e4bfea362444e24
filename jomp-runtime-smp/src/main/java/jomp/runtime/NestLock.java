package jomp.runtime;

/** JOMP 1.0b's nestable lock: {@link org.jomp.runtime.NestLock} under its old name. */
public class NestLock extends org.jomp.runtime.NestLock {
}
