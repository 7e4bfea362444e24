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
    private static final Pattern LINE = Pattern.compile("MSGBENCH (\\S+) (\\S+) (\\d+) (\\d+) ([0-9.]+)");

    private final Map<String, List<Double>> values = new LinkedHashMap<>();

    static String key(String transport, String test, String type, int bytes, int ranks) {
        return transport + "/" + test + "/" + type + "/" + bytes + "/" + ranks;
    }

    void add(String key, double micros) {
        values.computeIfAbsent(key, k -> new ArrayList<>()).add(micros);
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
                add(key(transport, m.group(1), m.group(2), Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4))),
                        Double.parseDouble(m.group(5)));
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
