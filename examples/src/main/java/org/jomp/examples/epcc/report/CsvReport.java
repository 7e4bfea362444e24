package org.jomp.examples.epcc.report;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/** Writes every measurement as one CSV row (RFC 4180 quoting), with libgomp's figure where there is one. */
public final class CsvReport {
    static final String HEADER = "benchmark,test,threads,implementation,mechanism,baseline,inner_reps,outer_reps,"
            + "overhead_median_us,overhead_mean_us,overhead_conf95_us,overhead_min_us,overhead_max_us,outliers,"
            + "reference_median_us,time_median_us,full_team_share,libgomp_us,failure";

    private CsvReport() {
    }

    public static void write(Path file, List<Measurement> measurements, PeerReference peers) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            write(out, measurements, peers);
        }
    }

    static void write(Writer out, List<Measurement> measurements, PeerReference peers) throws IOException {
        out.write(HEADER);
        out.write('\n');
        for (Measurement m : measurements) {
            OptionalDouble gomp = peers.median(m.threads(), m.test());
            String[] cells = {
                m.benchmark(), m.test(), Integer.toString(m.threads()), m.implementation(), m.mechanism(),
                Boolean.toString(m.baseline()),
                m.ok() ? Integer.toString(m.innerReps()) : "",
                m.ok() ? Integer.toString(m.times().values().length) : "",
                m.ok() ? number(m.overheadMedian()) : "",
                m.ok() ? number(m.overheadMean()) : "",
                m.ok() ? number(m.overheadConf95()) : "",
                m.ok() ? number(m.overheadMin()) : "",
                m.ok() ? number(m.overheadMax()) : "",
                m.ok() ? Integer.toString(m.times().outliers()) : "",
                m.ok() ? number(m.reference().median()) : "",
                m.ok() ? number(m.times().median()) : "",
                Double.isNaN(m.fullTeamShare()) ? "" : number(m.fullTeamShare()),
                gomp.isPresent() ? number(gomp.getAsDouble()) : "",
                m.failure() == null ? "" : m.failure(),
            };
            for (int i = 0; i < cells.length; i++) {
                if (i > 0) {
                    out.write(',');
                }
                out.write(quote(cells[i]));
            }
            out.write('\n');
        }
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.4f", v);
    }

    static String quote(String cell) {
        if (cell.contains(",") || cell.contains("\"") || cell.contains("\n") || cell.contains("\r")) {
            return '"' + cell.replace("\"", "\"\"") + '"';
        }
        return cell;
    }
}
