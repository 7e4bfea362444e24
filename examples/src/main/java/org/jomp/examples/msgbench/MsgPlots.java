package org.jomp.examples.msgbench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.IntFunction;

import org.jomp.examples.compare.Plots;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler.LegendPosition;

/**
 * msgbench's plots ({@code --plots DIR}), drawn with XChart from the medians of the run: ping-pong bandwidth against
 * message size for each transport beside its floor and Open MPI, and for each transport every collective point's
 * time over Open MPI's on the same transport (1 = Open MPI's time; below it, faster).
 */
final class MsgPlots {
    private static final int WIDTH = 720;
    private static final int HEIGHT = 460;

    private MsgPlots() {
    }

    /** Writes the plots into {@code dir}; returns their PNG file names. */
    static List<String> write(Path dir, MsgBenchOptions options, Samples samples, MpiPeers peers, int pingPongRanks,
                              String machine) throws IOException {
        Files.createDirectories(dir);
        List<String> names = new ArrayList<>();
        for (String transport : options.transports()) {
            XYChart chart = bandwidth(transport, options, samples, peers, transport.equals("hybrid")
                    ? pingPongRanks : options.ranks().get(0), machine);
            if (!chart.getSeriesCollection().isEmpty()) {
                names.add(Plots.save(chart, dir, "msg-bandwidth-" + transport));
            }
        }
        for (String transport : options.transports()) {
            CategoryChart chart = collectives(transport, options, samples, peers, options.ranks(), machine);
            if (!chart.getSeriesCollection().isEmpty()) {
                names.add(Plots.save(chart, dir, "msg-collectives-" + transport));
            }
        }
        return names;
    }

    static XYChart bandwidth(String transport, MsgBenchOptions options, Samples samples, MpiPeers peers, int np,
                             String machine) {
        boolean threads = transport.equals("shm");
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title("ping-pong bandwidth, " + transport + " (" + machine + ")")
                .xAxisTitle("message size, bytes").yAxisTitle("GB/s (1e9 B/s, one way)").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(LegendPosition.InsideNW);
        List<Integer> sizes = options.sizes().stream().filter(b -> b >= 1024).toList();
        series(chart, "JOMP byte[]", sizes, b -> samples.median(Samples.key(transport, "pingpong", "byte", b, np)));
        series(chart, "JOMP double[]", sizes, b -> samples.median(Samples.key(transport, "pingpong", "double", b,
                np)));
        series(chart, "JOMP direct ByteBuffer", sizes, b -> samples.median(Samples.key(transport, "pingpong",
                "direct", b, np)));
        series(chart, threads ? "raw thread hand-off" : "raw NIO ping-pong, polled", sizes,
                b -> samples.median(Samples.key("raw", threads ? "handoff" : "nio-poll", "byte", b, 2)));
        series(chart, threads ? "Open MPI shared memory" : "Open MPI TCP", sizes,
                b -> peers.pingPong(threads ? "shm" : "tcp", b));
        return chart;
    }

    /** A series of the sizes that have a figure; none if fewer than two do. */
    private static void series(XYChart chart, String name, List<Integer> sizes, IntFunction<OptionalDouble> micros) {
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (int b : sizes) {
            OptionalDouble t = micros.apply(b);
            if (t.isPresent() && t.getAsDouble() > 0) {
                x.add((double) b);
                y.add(b / t.getAsDouble() / 1e3);
            }
        }
        if (x.size() >= 2) {
            chart.addSeries(name, x, y);
        }
    }

    /**
     * The collective points of {@code transport} over Open MPI's: bars per call and size, one per rank count; the
     * bcast and allgather of direct buffers follow the array points when the transport has any.
     */
    static CategoryChart collectives(String transport, MsgBenchOptions options, Samples samples, MpiPeers peers,
                                     List<Integer> ranks, String machine) {
        String peer = transport.equals("shm") ? "shm" : "tcp";
        record Point(String label, String op, String type, int bytes) {
        }
        List<Point> points = new ArrayList<>();
        for (String op : MsgReport.COLLECTIVES) {
            for (int bytes : op.equals("barrier") ? List.of(0) : options.collSizes()) {
                points.add(op.equals("barrier") ? new Point(op, op, "-", 0)
                        : new Point(op + " " + size(bytes), op, "double", bytes));
            }
        }
        List<Point> direct = new ArrayList<>();
        for (String op : List.of("bcast", "allgather")) {
            for (int bytes : options.collSizes()) {
                direct.add(new Point(op + " " + size(bytes) + " direct", op, "direct", bytes));
            }
        }
        if (direct.stream().anyMatch(d -> ranks.stream().anyMatch(np -> samples.median(Samples.key(transport, d.op,
                d.type, d.bytes, np)).isPresent()))) {
            points.addAll(direct);
        }
        // Upright labels, each as wide as a line of text, and a tick spacing hint below the categories' spacing (XChart
        // drops the labels of ticks closer than its hint, 74 px by default), so that every label shows; legend below.
        CategoryChart chart = new CategoryChartBuilder().width(Math.max(900, 60 * points.size())).height(HEIGHT + 160)
                .title("collectives, " + transport + ": JOMP time / Open MPI " + (peer.equals("shm") ? "shared memory"
                        : "TCP") + " time (" + machine + ")")
                .xAxisTitle("operation and size").yAxisTitle("time ratio (1 = Open MPI; below, faster)").build();
        chart.getStyler().setLegendPosition(LegendPosition.OutsideS);
        chart.getStyler().setXAxisLabelRotation(90);
        chart.getStyler().setXAxisTickMarkSpacingHint(30);
        List<String> labels = points.stream().map(Point::label).toList();
        for (int np : ranks) {
            List<Double> ratios = new ArrayList<>();
            boolean any = false;
            for (Point pt : points) {
                OptionalDouble j = samples.median(Samples.key(transport, pt.op, pt.type, pt.bytes, np));
                OptionalDouble o = peers.collective(peer, pt.op, pt.bytes, np);
                boolean both = j.isPresent() && o.isPresent() && o.getAsDouble() > 0;
                // A point not measured on both sides is drawn as no bar.
                ratios.add(both ? j.getAsDouble() / o.getAsDouble() : null);
                any |= both;
            }
            if (any) {
                chart.addSeries(np + " ranks", labels, ratios);
            }
        }
        return chart;
    }

    private static String size(int bytes) {
        return bytes >= 1 << 20 ? (bytes >> 20) + " MB" : bytes >= 1024 ? (bytes >> 10) + " KB" : bytes + " B";
    }
}
