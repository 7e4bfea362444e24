package org.jomp.msg.launch;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * Why this JVM is ending, as a shutdown hook can tell: the thread blocked in System.exit (or Runtime.exit), and
 * whether that thread is the JDK's handler of a signal (SIGTERM, SIGINT and SIGHUP run System.exit in a thread
 * named "SIGxxx handler").
 */
final class ExitCause {
    private static final Pattern SIGNAL_HANDLER = Pattern.compile("SIG[A-Z0-9]+ handler");

    private final Thread exiting;

    private ExitCause(Thread exiting) {
        this.exiting = exiting;
    }

    /** The cause of the shutdown in progress; call it from a shutdown hook. */
    static ExitCause now() {
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            for (StackTraceElement f : e.getValue()) {
                if (f.getClassName().equals("java.lang.Shutdown") && f.getMethodName().equals("exit")) {
                    return new ExitCause(e.getKey());
                }
            }
        }
        return new ExitCause(null);
    }

    /** The thread that called System.exit (a signal's handler included), or null when the last thread ended. */
    Thread thread() {
        return exiting;
    }

    /** True when a signal ends the JVM. */
    boolean isSignal() {
        return exiting != null && SIGNAL_HANDLER.matcher(exiting.getName()).matches();
    }

    /** In a few words: "signal SIGTERM", "System.exit in thread jomp-rank-3" or "a shutdown". */
    @Override
    public String toString() {
        if (exiting == null) {
            return "a shutdown";
        }
        String name = exiting.getName();
        return isSignal() ? "signal " + name.substring(0, name.indexOf(' ')) : "System.exit in thread " + name;
    }
}
