package org.jomp.examples.msgbench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every sample of a benchmark run, in microseconds, keyed by transport, test, element type, bytes and ranks;
 * figures are medians over all samples of a key (several samples per job, several jobs per key with --runs).
 */
final class Samples {
    private static final Pattern LINE = Pattern.compile("MSGBENCH (\\S+) (\\S+) (\\d+) (\\d+) ([0-9.]+)"
            + "(?: (line|copy)=(\\d+),(\\d+))?(?: queued=(\\d+))?");

    private final Map<String, List<Double>> values = new LinkedHashMap<>();
    /** The samples that a line probe bracketed ({@link LineProbe}): micros, ns before, ns after. */
    private final Map<String, List<double[]>> probed = new LinkedHashMap<>();
    /** The samples that a copy probe bracketed ({@link CopyProbe}): micros, µs a MiB before, after. */
    private final Map<String, List<double[]>> copied = new LinkedHashMap<>();
    /** The samples whose ranks' waits for a core were read ({@link CoreWait}): micros, the largest share, %. */
    private final Map<String, List<double[]>> queued = new LinkedHashMap<>();

    static String key(String transport, String test, String type, int bytes, int ranks) {
        return transport + "/" + test + "/" + type + "/" + bytes + "/" + ranks;
    }

    void add(String key, double micros) {
        values.computeIfAbsent(key, k -> new ArrayList<>()).add(micros);
    }

    /** A sample bracketed by two line probes, {@code lineBefore} and {@code lineAfter} nanoseconds one way. */
    void add(String key, double micros, double lineBefore, double lineAfter) {
        add(key, micros);
        probed.computeIfAbsent(key, k -> new ArrayList<>()).add(new double[] {micros, lineBefore, lineAfter});
    }

    /**
     * The bracketed samples of {@code key} taken with the cores near each other (both probes below
     * {@link LineProbe#NEAR_NANOS}) or far apart (both at or above); a sample whose probes disagree is in neither.
     */
    List<Double> placed(String key, boolean near) {
        return split(probed.getOrDefault(key, List.of()), LineProbe.NEAR_NANOS, near);
    }

    /** A sample bracketed by two copy probes, {@code before} and {@code after} microseconds a MiB. */
    void addCopied(String key, double micros, double before, double after) {
        add(key, micros);
        copied.computeIfAbsent(key, k -> new ArrayList<>()).add(new double[] {micros, before, after});
    }

    /**
     * The copy-probed samples of {@code key} taken while the host copied between the cores fast (both probes below
     * {@link CopyProbe#FAST_MICROS}) or slowly (both at or above); a sample whose probes disagree is in neither.
     */
    List<Double> bySpeed(String key, boolean fast) {
        return split(copied.getOrDefault(key, List.of()), CopyProbe.FAST_MICROS, fast);
    }

    /** The samples of {@code bracketed} whose two probe readings are both below {@code limit}, or both not. */
    private static List<Double> split(List<double[]> bracketed, double limit, boolean below) {
        List<Double> out = new ArrayList<>();
        for (double[] p : bracketed) {
            if ((p[1] < limit) == below && (p[2] < limit) == below) {
                out.add(p[0]);
            }
        }
        return out;
    }

    /**
     * Records, for a sample of {@code micros} already added, the share of it in percent for which the rank that
     * waited longest for its core waited ({@link #withCore}).
     */
    void addQueued(String key, double micros, double percent) {
        queued.computeIfAbsent(key, k -> new ArrayList<>()).add(new double[] {micros, percent});
    }

    /**
     * The samples of {@code key} in which every rank had its core: none waited for it
     * {@value CoreWait#WITH_CORE_PERCENT} % of the sample or more.
     */
    List<Double> withCore(String key) {
        List<Double> out = new ArrayList<>();
        for (double[] q : queued.getOrDefault(key, List.of())) {
            if (q[1] < CoreWait.WITH_CORE_PERCENT) {
                out.add(q[0]);
            }
        }
        return out;
    }

    /** How many samples of {@code key} say how long their ranks waited for a core. */
    int queuedCount(String key) {
        return queued.getOrDefault(key, List.of()).size();
    }

    /** How many samples of {@code key} a copy probe bracketed. */
    int copiedCount(String key) {
        return copied.getOrDefault(key, List.of()).size();
    }

    /** How many samples of {@code key} a line probe bracketed. */
    int probedCount(String key) {
        return probed.getOrDefault(key, List.of()).size();
    }

    /**
     * Adds the {@code MSGBENCH} lines of a job's output (each possibly behind a jomprun prefix such as
     * {@code [0] }) under {@code transport}; returns how many it found.
     */
    int addOutput(String transport, String output) {
        int found = 0;
        for (String line : output.split("\\R")) {
            Matcher m = LINE.matcher(line);
            if (m.find()) {
                String key = key(transport, m.group(1), m.group(2), Integer.parseInt(m.group(3)),
                        Integer.parseInt(m.group(4)));
                double micros = Double.parseDouble(m.group(5));
                if (m.group(6) == null) {
                    add(key, micros);
                } else if (m.group(6).equals("copy")) {
                    addCopied(key, micros, Double.parseDouble(m.group(7)), Double.parseDouble(m.group(8)));
                } else {
                    add(key, micros, Double.parseDouble(m.group(7)), Double.parseDouble(m.group(8)));
                }
                if (m.group(9) != null) {
                    addQueued(key, micros, Double.parseDouble(m.group(9)));
                }
                found++;
            }
        }
        return found;
    }

    OptionalDouble median(String key) {
        List<Double> list = values.get(key);
        return list == null || list.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(median(list));
    }

    int count(String key) {
        List<Double> list = values.get(key);
        return list == null ? 0 : list.size();
    }

    static double median(List<Double> list) {
        double[] sorted = list.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
    }
}
