package org.jomp.msg.transport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The machine's CPUs and those this process may run on (Linux; elsewhere both are the processor count). A JVM bound
 * to some cores ({@code taskset}, {@code srun --cpu-bind}, {@code mpirun --bind-to core}) sees only those in
 * {@link Runtime#availableProcessors()}; comparing them with the machine's tells that it was bound ({@link #bound}).
 */
public final class Cpus {
    private static final Path ONLINE = Path.of("/sys/devices/system/cpu/online");
    private static final Path STATUS = Path.of("/proc/self/status");

    private Cpus() {
    }

    /** The CPUs this process may run on (Linux's {@code Cpus_allowed_list}), or 0 to n-1 where that is not known. */
    public static List<Integer> allowed() {
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return parse(line.substring(line.indexOf(':') + 1));
                }
            }
        } catch (IOException | SecurityException | IllegalArgumentException e) {
            // Not Linux, or an unexpected format: fall back to the processor count.
        }
        return firstN(Runtime.getRuntime().availableProcessors());
    }

    /** How many CPUs the machine has online, or the processor count where that is not known. */
    public static int online() {
        try {
            int n = parse(Files.readString(ONLINE)).size();
            if (n > 0) {
                return n;
            }
        } catch (IOException | SecurityException | IllegalArgumentException e) {
            // Not Linux, or an unexpected format: fall back to the processor count.
        }
        return Runtime.getRuntime().availableProcessors();
    }

    /** True when this process may run on fewer CPUs than the machine has: it was bound to cores of its own. */
    public static boolean bound() {
        return allowed().size() < online();
    }

    /** Parses a Linux CPU list such as {@code 0-3,8,10-11}. */
    public static List<Integer> parse(String list) {
        List<Integer> cpus = new ArrayList<>();
        for (String part : list.trim().split(",")) {
            if (part.isBlank()) {
                continue;
            }
            try {
                int dash = part.indexOf('-');
                int from = Integer.parseInt(part.substring(0, dash < 0 ? part.length() : dash).trim());
                int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1).trim());
                if (from < 0 || to < from) {
                    throw new IllegalArgumentException("bad CPU range " + part + " in " + list);
                }
                for (int c = from; c <= to; c++) {
                    cpus.add(c);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad CPU list " + list, e);
            }
        }
        return cpus;
    }

    private static List<Integer> firstN(int n) {
        List<Integer> all = new ArrayList<>();
        for (int c = 0; c < n; c++) {
            all.add(c);
        }
        return all;
    }
}
