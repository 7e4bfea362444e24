package org.jomp.examples.warmup;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.BooleanSupplier;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Waits, asleep, until the JIT has finished compiling what a warm-up queued. A benchmark's threads occupy the
 * cores, so a C2 compilation still running in the background is starved and lasts tens to hundreds of milliseconds,
 * taking a share of the machine all that while, and the code it compiles runs interpreted or half compiled
 * meanwhile: on the 2-core machine a schedbench test then read 40-130 us more per loop for every contestant, and
 * 8 shm ranks broadcasting 8 bytes 2-10 us a call for half a second, then 0.1-0.2 us. Sleeping here gives the
 * compiler the cores until it has nothing to compile.
 *
 * <p>"Nothing to compile" is read from HotSpot's {@code Compiler.queue} diagnostic command (what
 * {@code jcmd PID Compiler.queue} prints): no compilation running, every queue empty. Where that command is missing
 * (another JVM), the JVM's total compilation time standing still counts instead; but that time grows only when a
 * compilation ends, so a long one reads as quiet: with 4 socket ranks in JVMs of their own on 2 cores, each JVM's
 * C2 thread still took 4-55 % of a core five seconds into a run ({@code top -H}), while the ranks' polling starved
 * it, and a barrier loop read 1-5 ms a call until the compilers had finished, 60-100 us after.
 */
public final class JitQuiescence {
    private static final long STEP_MILLIS = 10;
    /** Consecutive quiet checks that end the wait. */
    private static final int QUIET_STEPS = 4;
    private static final long LIMIT_MILLIS = 2_000;

    private JitQuiescence() {
    }

    /** Returns once the JIT has been quiet for QUIET_STEPS checks in a row, or after LIMIT_MILLIS. */
    public static void await() {
        BooleanSupplier idle = idleCheck();
        if (idle == null) {
            sleep(QUIET_STEPS * STEP_MILLIS);
            return;
        }
        await(idle, LIMIT_MILLIS);
    }

    /**
     * Checks {@code idle} every STEP_MILLIS until it has held QUIET_STEPS times in a row (true) or
     * {@code limitMillis} have passed (false).
     */
    static boolean await(BooleanSupplier idle, long limitMillis) {
        long deadline = System.nanoTime() + limitMillis * 1_000_000;
        int quiet = 0;
        while (quiet < QUIET_STEPS) {
            if (System.nanoTime() > deadline || !sleep(STEP_MILLIS)) {
                return false;
            }
            quiet = idle.getAsBoolean() ? quiet + 1 : 0;
        }
        return true;
    }

    /** The compiler queue where HotSpot has it, else the total compilation time standing still, else null. */
    private static BooleanSupplier idleCheck() {
        CompilerQueue queue = CompilerQueue.open();
        if (queue != null) {
            return queue::idle;
        }
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            return null;
        }
        long[] last = {jit.getTotalCompilationTime()};
        return () -> {
            long now = jit.getTotalCompilationTime();
            boolean still = now == last[0];
            last[0] = now;
            return still;
        };
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

    /** HotSpot's {@code Compiler.queue} diagnostic command, called through the platform MBean server. */
    static final class CompilerQueue {
        private static final String[] SIGNATURE = {String[].class.getName()};

        private final MBeanServer server;
        private final ObjectName command;

        private CompilerQueue(MBeanServer server, ObjectName command) {
            this.server = server;
            this.command = command;
        }

        /** The command, or {@code null} where this JVM has none (or it fails). */
        static CompilerQueue open() {
            try {
                CompilerQueue q = new CompilerQueue(ManagementFactory.getPlatformMBeanServer(),
                        new ObjectName("com.sun.management:type=DiagnosticCommand"));
                q.report();
                return q;
            } catch (JMException | RuntimeException e) {
                return null;
            }
        }

        /** True when no compilation runs and every compile queue is empty; false also if the command fails. */
        boolean idle() {
            try {
                return idle(report());
            } catch (JMException | RuntimeException e) {
                return false;
            }
        }

        private String report() throws JMException {
            return String.valueOf(server.invoke(command, "compilerQueue", new Object[] {null}, SIGNATURE));
        }

        /**
         * Reads the command's report: a "Current compiles:" section listing one running compilation a line, then
         * a section per compiler headed "... compile queue:" holding "Empty" or one queued method a line.
         */
        static boolean idle(String report) {
            boolean running = false;
            boolean queue = false;
            for (String raw : report.split("\n")) {
                String line = raw.strip();
                if (line.isEmpty()) {
                    running = false;
                    queue = false;
                } else if (line.startsWith("Current compiles:")) {
                    running = true;
                } else if (line.endsWith("compile queue:")) {
                    queue = true;
                } else if (running || queue && !line.equals("Empty")) {
                    return false;
                }
            }
            return true;
        }
    }
}
