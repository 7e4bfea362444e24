package org.jomp.examples.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.VectorGraphicsEncoder.VectorGraphicsFormat;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler.LegendPosition;

/**
 * The comparison's plots, drawn with XChart and written as PNG and SVG: one speedup plot per example (every version
 * against the number of cores it asks for, threads × ranks, with the ideal line, which stops rising at the number of
 * cores; hybrid layouts as points, since 2×1 and 1×2 ask for the same two cores) and, for each mode that was run, a
 * bar chart of generated over hand-written time for every example.
 */
public final class Plots {
    private static final int WIDTH = 640;
    private static final int HEIGHT = 420;
    private static final int SPEEDUP_HEIGHT = 560;

    private Plots() {
    }

    /** Writes the plots into dir; returns their PNG file names, which the report links. */
    public static List<String> write(Path dir, List<ExampleResult> results, List<Layout> threads, List<Layout> ranks,
            List<Layout> hybrid) throws IOException {
        Files.createDirectories(dir);
        List<String> names = new ArrayList<>();
        names.add(save(ratios(results, Variant.Mode.SHARED_MEMORY, threads), dir,
                ratioName(Variant.Mode.SHARED_MEMORY)));
        for (Variant.Mode mode : new Variant.Mode[] {Variant.Mode.SPMD, Variant.Mode.HYBRID}) {
            List<ExampleResult> compared = withPair(results, mode);
            if (!compared.isEmpty()) {
                names.add(save(ratios(compared, mode, mode == Variant.Mode.SPMD ? ranks : hybrid), dir,
                        ratioName(mode)));
            }
        }
        for (ExampleResult r : results) {
            names.add(save(speedup(r, threads, ranks, hybrid), dir, "speedup-" + r.name()));
        }
        return names;
    }

    private static String ratioName(Variant.Mode mode) {
        return switch (mode) {
            case SHARED_MEMORY -> "generated-over-hand-written";
            case SPMD -> "generated-over-hand-written-spmd";
            case HYBRID -> "generated-over-hand-written-hybrid";
        };
    }

    /** The results that have both the generated and the hand-written version of a mode. */
    static List<ExampleResult> withPair(List<ExampleResult> results, Variant.Mode mode) {
        Variant[] pair = Variant.pair(mode);
        return results.stream().filter(r -> r.has(pair[0]) && r.has(pair[1])).toList();
    }

    static XYChart speedup(ExampleResult r, List<Layout> threads, List<Layout> ranks, List<Layout> hybrid) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(SPEEDUP_HEIGHT)
                .title(r.name() + " (" + r.size() + "): speedup over sequential")
                .xAxisTitle("cores asked for (threads, ranks, or ranks × threads)").yAxisTitle("speedup").build();
        // Below the plot: inside, seven series would hide the points.
        chart.getStyler().setLegendPosition(LegendPosition.OutsideS);
        int cores = Runtime.getRuntime().availableProcessors();
        double[] x = new double[threads.size()];
        double[] ideal = new double[threads.size()];
        for (int k = 0; k < threads.size(); k++) {
            x[k] = threads.get(k).workers();
            ideal[k] = Math.min(x[k], cores);
        }
        chart.addSeries("ideal (at most one per core)", x, ideal);
        for (Variant v : Variant.values()) {
            if (v == Variant.SEQUENTIAL || !r.has(v)) {
                continue;
            }
            List<Layout> layouts = switch (v.mode()) {
                case SHARED_MEMORY -> threads;
                case SPMD -> ranks;
                case HYBRID -> hybrid;
            };
            double[] vx = new double[layouts.size()];
            double[] vy = new double[layouts.size()];
            for (int k = 0; k < layouts.size(); k++) {
                vx[k] = layouts.get(k).workers();
                vy[k] = r.speedup(v, layouts.get(k));
            }
            String unit = v.mode() == Variant.Mode.HYBRID ? " (" + hybridLabels(hybrid) + ")" : "";
            var series = chart.addSeries(v.label() + unit, vx, vy);
            if (v.mode() == Variant.Mode.HYBRID) {
                series.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
            }
        }
        return chart;
    }

    private static String hybridLabels(List<Layout> hybrid) {
        return String.join(", ", hybrid.stream().map(l -> l.label(Variant.Mode.HYBRID)).toList());
    }

    static CategoryChart ratios(List<ExampleResult> results, Variant.Mode mode, List<Layout> layouts) {
        CategoryChart chart = new CategoryChartBuilder().width(Math.max(WIDTH, 70 * results.size())).height(HEIGHT)
                .title(mode.title() + ": generated / hand-written median time"
                        + (mode == Variant.Mode.SHARED_MEMORY ? " (target: at most " + ResultsReport.TARGET + " at "
                                + ResultsReport.TARGET_LAYOUT.threads() + " threads)" : ""))
                .xAxisTitle("example").yAxisTitle("time ratio").build();
        chart.getStyler().setLegendPosition(LegendPosition.OutsideS);
        List<String> names = new ArrayList<>();
        for (ExampleResult r : results) {
            names.add(r.name());
        }
        for (Layout layout : layouts) {
            List<Double> ratio = new ArrayList<>();
            for (ExampleResult r : results) {
                double q = r.generatedOverHandWritten(mode, layout);
                ratio.add(Double.isNaN(q) ? 0.0 : q);
            }
            chart.addSeries(layout.label(mode) + " " + mode.unit(), names, ratio);
        }
        return chart;
    }

    /** Writes {@code chart} as {@code name}.png and {@code name}.svg into {@code dir}; returns the PNG's name. */
    public static String save(Chart<?, ?> chart, Path dir, String name) throws IOException {
        BitmapEncoder.saveBitmap(chart, dir.resolve(name + ".png").toString(), BitmapFormat.PNG);
        VectorGraphicsEncoder.saveVectorGraphic(chart, dir.resolve(name + ".svg").toString(),
                VectorGraphicsFormat.SVG);
        return name + ".png";
    }
}
