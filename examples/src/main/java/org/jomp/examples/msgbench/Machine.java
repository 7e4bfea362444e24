package org.jomp.examples.msgbench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;

/** What a figure was measured on: CPU, cores, OS, JDK, and the load average. */
final class Machine {
    private Machine() {
    }

    static String describe() {
        return "machine: " + cpu() + ", " + Runtime.getRuntime().availableProcessors() + " cores, "
                + System.getProperty("os.name") + " " + System.getProperty("os.version") + "\n"
                + "JDK: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
    }

    /** A plot's caption: cores and JDK version, with the date. */
    static String shortName() {
        return Runtime.getRuntime().availableProcessors() + " cores, JDK " + Runtime.version().feature() + ", "
                + LocalDate.now(ZoneOffset.UTC);
    }

    /** The 1, 5 and 15 minute load averages ({@code /proc/loadavg}), or "unknown". */
    static String load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2] + " (1, 5, 15 min)";
        } catch (IOException | ArrayIndexOutOfBoundsException e) {
            return "unknown";
        }
    }

    private static String cpu() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException e) {
            // fall through: no /proc on this system
        }
        return System.getProperty("os.arch");
    }
}
