package org.jomp.examples.msgbench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How long the calling thread has waited for a core: the second field of Linux's {@code /proc/thread-self/schedstat},
 * the nanoseconds it has spent runnable but not running. A rank whose thread waited through part of a sample lost
 * its core meanwhile, on the 2-core machine mostly to a JIT compiler thread (its own JVM's, its partner's, or the
 * launcher's): in two 2-rank socket jobs, 1 MiB allreduce samples in which a rank waited 20-66 % of the time read
 * 276-683 µs, those in which no rank waited 5 % read 208-228 (1 December 2026, docs/benchmarks-msg-log.md).
 */
final class CoreWait {
    /** Samples in which no rank waited for its core this share of the time or more "had the core". */
    static final int WITH_CORE_PERCENT = 5;
    private static final Path SCHEDSTAT = Path.of("/proc/thread-self/schedstat");

    private CoreWait() {
    }

    /** The calling thread's total wait for a core, ns, or -1 where the kernel does not say. */
    static long nanos() {
        try {
            String[] fields = Files.readString(SCHEDSTAT).trim().split(" ");
            return fields.length >= 2 ? Long.parseLong(fields[1]) : -1;
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }
}
