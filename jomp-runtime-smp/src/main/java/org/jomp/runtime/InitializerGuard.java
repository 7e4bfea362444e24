package org.jomp.runtime;

import java.io.PrintStream;
import java.util.Optional;

/**
 * Finds parallel regions that run inside the static initialiser of their own class, and runs them on one thread.
 *
 * <p>Why: a region's body is a lambda, whose code is a method of the class that wrote it. A worker thread that calls
 * it must wait until that class is initialised (JLS 12.4.2), while the initialising thread waits in the region for
 * the worker: a deadlock the JVM does not report. It happens to a {@code static final double[] TABLE = build();}
 * whose {@code build} has a {@code //omp parallel for}. A team of one runs the body in the initialising thread,
 * which OpenMP allows for any region, so the program gives its answer, and a warning says why it ran on one thread.
 *
 * <p>The check walks the stack, microseconds, so it runs once per body class until a region of that class is seen
 * outside any initialiser of its nest (the class, its nested classes and the class enclosing them): a class is
 * initialised once, so such a region's later forks are safe. The last safe class is kept in the pool, and other
 * classes' records in a {@link ClassValue}, so a fork pays one comparison.
 */
final class InitializerGuard {

    /** What is known of one body class: safe once seen outside its nest's initialisers; warned at most once. */
    private static final class Record {
        volatile boolean safe;
        volatile boolean warned;
    }

    private static final ClassValue<Record> RECORDS = new ClassValue<>() {
        @Override
        protected Record computeValue(Class<?> type) {
            return new Record();
        }
    };

    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private InitializerGuard() {
    }

    /**
     * True if {@code body}'s region must run on one thread: the calling thread is running the static initialiser of
     * a class of the body's nest. Prints a warning on {@code err} the first time for each body class.
     */
    static boolean mustSerialise(WorkerPool pool, Region body, PrintStream err) {
        Class<?> type = body.getClass();
        if (type == pool.safeBody) {
            return false;
        }
        Record record = RECORDS.get(type);
        if (!record.safe) {
            Optional<StackWalker.StackFrame> initialiser = initialiserOf(type.getNestHost());
            if (initialiser.isPresent()) {
                warnOnce(record, initialiser.get(), err);
                return true;
            }
            record.safe = true;
        }
        pool.safeBody = type;
        return false;
    }

    /** The innermost frame of a static initialiser of a class whose nest host is {@code host}, if any. */
    private static Optional<StackWalker.StackFrame> initialiserOf(Class<?> host) {
        return WALKER.walk(frames -> frames
                .filter(f -> f.getMethodName().equals("<clinit>") && f.getDeclaringClass().getNestHost() == host)
                .findFirst());
    }

    private static void warnOnce(Record record, StackWalker.StackFrame at, PrintStream err) {
        if (record.warned) {
            return;
        }
        record.warned = true;
        String where = at.getClassName() + " (" + at.getFileName() + ":" + at.getLineNumber() + ")";
        err.println("jomp: warning: a parallel region runs inside the static initialiser of " + where
                + ": other threads cannot run that class's code until its initialiser returns, so the region runs"
                + " on one thread. Run it after the class is initialised (not from a static field's initialiser"
                + " or a static block) to run it in parallel.");
    }
}
