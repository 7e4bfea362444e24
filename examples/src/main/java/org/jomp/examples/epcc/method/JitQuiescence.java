package org.jomp.examples.epcc.method;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * Waits, asleep, until the JIT has finished compiling what the warm-ups queued. On a 2-core machine the team
 * threads of a timed test occupy both cores, so a C2 compilation still running in the background takes a third of
 * the machine for as long as it lasts (tens to hundreds of milliseconds when starved): every contestant of that
 * test then reads tens of microseconds more per loop, with a tight spread. Sleeping here gives the compiler the
 * cores until the JVM's total compilation time stops growing.
 */
final class JitQuiescence {
    private static final long STEP_MILLIS = 10;
    /** Consecutive steps without a finished compilation that count as quiet. */
    private static final int QUIET_STEPS = 4;
    private static final long LIMIT_MILLIS = 2_000;

    private JitQuiescence() {
    }

    /** Returns once no compilation has finished for QUIET_STEPS steps, or after LIMIT_MILLIS. */
    static void await() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            sleep(QUIET_STEPS * STEP_MILLIS);
            return;
        }
        long deadline = System.nanoTime() + LIMIT_MILLIS * 1_000_000;
        long last = jit.getTotalCompilationTime();
        int quiet = 0;
        while (quiet < QUIET_STEPS) {
            if (System.nanoTime() > deadline || !sleep(STEP_MILLIS)) {
                return;
            }
            long now = jit.getTotalCompilationTime();
            quiet = now == last ? quiet + 1 : 0;
            last = now;
        }
    }

    private static boolean sleep(long millis) {
        try {
            Thread.sleep(millis);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
