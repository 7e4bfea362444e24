package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link ContendedLockClasses}: the class a contended lock needs is loaded by the time the transport starts, not at the
 * first contention (whose class load discarded the compiled transport); a JVM that only locks uncontended has not
 * loaded it, so the check can fail. Read off the JVM's class-loading log of Java 17 and 25.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ContendedLockClassesTest {
    private static final String NODE = "java.util.concurrent.locks.AbstractQueuedSynchronizer$ExclusiveNode";

    @Test
    void loadingMakesTheJvmLoadTheContendedLockClasses() throws Exception {
        String out = run();
        assertTrue(out.contains(NODE), out);
        assertTrue(out.indexOf(NODE) < out.indexOf("after load"), "loaded only after load() returned:\n" + out);
    }

    @Test
    void withoutItAJvmThatNeverContendsHasNotLoadedThem() throws Exception {
        String out = run("skip");
        assertTrue(out.contains("after load"), out);
        assertFalse(out.contains(NODE), out);
    }

    /** What {@link ContendedLockClassesApp} prints, with the JVM's class-loading log, in a JVM of this Java. */
    private static String run(String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(JvmJob.javaExecutable(), "-Xlog:class+load=info",
                "-cp", System.getProperty("java.class.path"), ContendedLockClassesApp.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return out;
    }
}
