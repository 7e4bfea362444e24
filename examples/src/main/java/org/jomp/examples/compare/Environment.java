package org.jomp.examples.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Where and when the comparison ran, for the report's header.
 *
 * @param loadBefore the 1-, 5- and 15-minute load averages when the runs began (as {@code uptime} shows them)
 * @param loadAfter the same when they ended
 */
public record Environment(String date, String machine, String cpu, int cores, String jdk, String loadBefore,
        String loadAfter, String command) {

    /** This machine and JVM now; loadAfter is filled in by {@link #finished}. */
    public static Environment current(String command) {
        String machine = System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch");
        String jdk = System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
                + Runtime.version();
        return new Environment(ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME), machine, cpuModel(),
                Runtime.getRuntime().availableProcessors(), jdk, load(), "", command);
    }

    public Environment finished() {
        return new Environment(date, machine, cpu, cores, jdk, loadBefore, load(), command);
    }

    /** The three load averages from /proc/loadavg, or "unknown" where there is none. */
    static String load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return String.format(Locale.ROOT, "%s, %s, %s", f[0], f[1], f[2]);
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
        return "unknown";
    }

    /** The 1-minute load average, or NaN when it is unknown. */
    public static double oneMinute(String load) {
        try {
            return Double.parseDouble(load.split(",")[0].trim());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
