package org.jomp.examples.warmup;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * Waits, asleep, until the JIT has finished compiling what a warm-up queued. A benchmark's threads occupy the
 * cores, so a C2 compilation still running in the background is starved and lasts tens to hundreds of milliseconds,
 * taking a share of the machine all that while, and the code it compiles runs interpreted or half compiled
 * meanwhile: on the 2-core machine a schedbench test then read 40-130 us more per loop for every contestant, and
 * 8 shm ranks broadcasting 8 bytes 2-10 us a call for half a second, then 0.1-0.2 us. Sleeping here gives the
 * compiler the cores until the JVM's total compilation time stops growing.
 */
public final class JitQuiescence {
    private static final long STEP_MILLIS = 10;
    /** Consecutive steps without a finished compilation that count as quiet. */
    private static final int QUIET_STEPS = 4;
    private static final long LIMIT_MILLIS = 2_000;

    private JitQuiescence() {
    }

    /** Returns once no compilation has finished for QUIET_STEPS steps, or after LIMIT_MILLIS. */
    public static void await() {
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
