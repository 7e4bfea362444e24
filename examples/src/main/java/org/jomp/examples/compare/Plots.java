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
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler.LegendPosition;

/**
 * The comparison's plots, drawn with XChart and written as PNG and SVG: one speedup plot per example (generated,
 * hand-written and SPMD against the number of threads or ranks, with the ideal line, which stops rising at the
 * number of cores) and one bar chart of generated
 * over hand-written time for every example.
 */
public final class Plots {
    private static final int WIDTH = 640;
    private static final int HEIGHT = 420;

    private Plots() {
    }

    /** Writes the plots into dir; returns their PNG file names, which the report links. */
    public static List<String> write(Path dir, List<ExampleResult> results, int[] workers) throws IOException {
        Files.createDirectories(dir);
        List<String> names = new ArrayList<>();
        names.add(save(ratios(results, workers), dir, "generated-over-hand-written"));
        for (ExampleResult r : results) {
            names.add(save(speedup(r, workers), dir, "speedup-" + r.name()));
        }
        return names;
    }

    static XYChart speedup(ExampleResult r, int[] workers) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(r.name() + " (" + r.size() + "): speedup over sequential")
                .xAxisTitle("threads (ranks for SPMD)").yAxisTitle("speedup").build();
        chart.getStyler().setLegendPosition(LegendPosition.InsideNW);
        double[] x = new double[workers.length];
        double[] ideal = new double[workers.length];
        for (int k = 0; k < workers.length; k++) {
            x[k] = workers[k];
            ideal[k] = Math.min(workers[k], Runtime.getRuntime().availableProcessors());
        }
        chart.addSeries("ideal (at most one per core)", x, ideal);
        for (Variant v : new Variant[] {Variant.DIRECTIVE, Variant.HAND_WRITTEN, Variant.SPMD}) {
            if (Double.isNaN(r.median(v, workers[0]))) {
                continue;
            }
            double[] y = new double[workers.length];
            for (int k = 0; k < workers.length; k++) {
                y[k] = r.speedup(v, workers[k]);
            }
            chart.addSeries(v.label(), x, y);
        }
        return chart;
    }

    static CategoryChart ratios(List<ExampleResult> results, int[] workers) {
        CategoryChart chart = new CategoryChartBuilder().width(Math.max(WIDTH, 70 * results.size())).height(HEIGHT)
                .title("generated / hand-written median time (target: at most "
                        + ResultsReport.TARGET + " at " + ResultsReport.TARGET_THREADS + " threads)")
                .xAxisTitle("example").yAxisTitle("time ratio").build();
        chart.getStyler().setLegendPosition(LegendPosition.OutsideS);
        List<String> names = new ArrayList<>();
        for (ExampleResult r : results) {
            names.add(r.name());
        }
        for (int w : workers) {
            List<Double> ratio = new ArrayList<>();
            for (ExampleResult r : results) {
                double q = r.generatedOverHandWritten(w);
                ratio.add(Double.isNaN(q) ? 0.0 : q);
            }
            chart.addSeries(w + (w == 1 ? " thread" : " threads"), names, ratio);
        }
        return chart;
    }

    private static String save(Chart<?, ?> chart, Path dir, String name) throws IOException {
        BitmapEncoder.saveBitmap(chart, dir.resolve(name + ".png").toString(), BitmapFormat.PNG);
        VectorGraphicsEncoder.saveVectorGraphic(chart, dir.resolve(name + ".svg").toString(),
                VectorGraphicsFormat.SVG);
        return name + ".png";
    }
}
