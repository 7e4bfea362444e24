package org.jomp.examples.epcc.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The summary table of one benchmark at one team size: per test and JOMP implementation, the median overhead and
 * its spread, the best hand-written baseline and the ratio baseline/JOMP, libgomp's overhead and the ratio
 * libgomp/JOMP (both ratios above 1 mean JOMP is cheaper); then what every JOMP implementation after the first
 * (the translated directives) costs over the first (the API called by hand), and the detail of every
 * implementation.
 */
public final class ResultTable {
    /** Overheads below this (us, one nanosecond) are within noise of zero: a ratio against them means nothing. */
    private static final double RATIO_FLOOR = 0.001;

    private ResultTable() {
    }

    public static void print(PrintStream out, String benchmark, int threads, List<Measurement> all,
            PeerReference peers) {
        Map<String, List<Measurement>> byTest = new LinkedHashMap<>();
        for (Measurement m : all) {
            if (m.benchmark().equals(benchmark) && m.threads() == threads) {
                byTest.computeIfAbsent(m.test(), k -> new ArrayList<>()).add(m);
            }
        }
        if (byTest.isEmpty()) {
            return;
        }
        out.printf(Locale.ROOT, "%n== %s, %d threads: overhead per construct in microseconds (median of outer "
                + "repetitions; spread = min..max)%n", benchmark, threads);
        out.printf(Locale.ROOT, "%-14s %-14s %9s %17s  %-44s %9s %9s %9s %9s%n", "test", "jomp", "median", "spread",
                "best baseline", "median", "base/jomp", "libgomp", "gomp/jomp");
        for (Map.Entry<String, List<Measurement>> entry : byTest.entrySet()) {
            Optional<Measurement> best = entry.getValue().stream()
                    .filter(m -> m.baseline() && m.ok() && m.usedFullTeam())
                    .min(Comparator.comparingDouble(Measurement::overheadMedian));
            OptionalDouble gomp = peers.median(threads, entry.getKey());
            for (Measurement jomp : entry.getValue()) {
                if (jomp.baseline()) {
                    continue;
                }
                if (!jomp.ok()) {
                    out.printf(Locale.ROOT, "%-14s %-14s FAILED: %s%n", entry.getKey(), jomp.implementation(),
                            jomp.failure());
                    continue;
                }
                out.printf(Locale.ROOT, "%-14s %-14s %9.3f %17s  %-44s %9s %9s %9s %9s%n", entry.getKey(),
                        jomp.implementation(), jomp.overheadMedian(),
                        String.format(Locale.ROOT, "%.3f..%.3f", jomp.overheadMin(), jomp.overheadMax()),
                        best.map(Measurement::mechanism).orElse("-"),
                        best.map(b -> number(b.overheadMedian())).orElse("-"),
                        best.map(b -> ratio(b.overheadMedian(), jomp.overheadMedian())).orElse("-"),
                        gomp.isPresent() ? number(gomp.getAsDouble()) : "-",
                        gomp.isPresent() ? ratio(gomp.getAsDouble(), jomp.overheadMedian()) : "-");
            }
            printDifferences(out, entry.getKey(), entry.getValue());
        }
        out.printf(Locale.ROOT, "-- every implementation: median, mean +/- 1.96 sd, min..max overhead (us), "
                + "outliers, inner reps, share of checked calls run by the full team%n");
        for (List<Measurement> list : byTest.values()) {
            for (Measurement m : list) {
                if (!m.ok()) {
                    out.printf(Locale.ROOT, "   %-14s %-24s FAILED: %s%n", m.test(), m.implementation(), m.failure());
                    continue;
                }
                out.printf(Locale.ROOT, "   %-14s %-24s %9.3f %9.3f +/- %-7.3f %8.3f..%-8.3f %2d %8d  %s%s%n",
                        m.test(), m.implementation(), m.overheadMedian(), m.overheadMean(), m.overheadConf95(),
                        m.overheadMin(), m.overheadMax(), m.times().outliers(), m.innerReps(),
                        Double.isNaN(m.fullTeamShare()) ? "n/a" : String.format(Locale.ROOT, "%.0f%%",
                                100 * m.fullTeamShare()),
                        m.usedFullTeam() ? "" : "  (not all threads worked: excluded from best baseline)");
            }
        }
    }

    /**
     * With several JOMP implementations (the API called by hand, the translated directives), what each one after
     * the first costs over the first: for the directive version, the translator's overhead.
     */
    private static void printDifferences(PrintStream out, String test, List<Measurement> measurements) {
        List<Measurement> jomp = measurements.stream().filter(m -> !m.baseline() && m.ok()).toList();
        for (int i = 1; i < jomp.size(); i++) {
            Measurement first = jomp.get(0);
            Measurement other = jomp.get(i);
            out.printf(Locale.ROOT, "%-14s %-14s %+9.3f  = %s - %s (median overheads)%n", test, "difference",
                    other.overheadMedian() - first.overheadMedian(), other.implementation(), first.implementation());
        }
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** other/jomp; "-" when either overhead is within noise of zero. */
    static String ratio(double other, double jomp) {
        if (jomp < RATIO_FLOOR || other < RATIO_FLOOR) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.2f", other / jomp);
    }
}
