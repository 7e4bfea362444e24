package org.jomp.examples.compare;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ResultsReportTest {
    private static final List<Layout> THREADS = List.of(Layout.threads(1), Layout.threads(2));
    private static final CodeSize DIRECTIVE = new CodeSize(20, 400, 3);
    private static final CodeSize HAND = new CodeSize(40, 1200, 25);
    private static final CompareOptions DEFAULTS = CompareOptions.parse(new String[0], List.of("x"));

    private static Environment env(String load) {
        return new Environment("2026-01-01T00:00Z", "Linux x", "cpu", 2, "JDK 17", load, load, "bin/jomp-compare");
    }

    /** Sequential 2 s; generated and hand-written at 1 and 2 threads with the given repetitions. */
    private static ExampleResult result(String name, double[] generated2, double[] hand2) {
        return result(name, generated2, hand2, generated2, hand2);
    }

    /** The same with CPU times of their own at 2 threads. */
    private static ExampleResult result(String name, double[] generated2, double[] hand2, double[] generatedCpu2,
            double[] handCpu2) {
        Layout one = Layout.threads(1);
        Layout two = Layout.threads(2);
        return new ExampleResult(name, "test", "n=1", "they differ in " + name,
                Map.of(Variant.DIRECTIVE, DIRECTIVE, Variant.HAND_WRITTEN, HAND), List.of(
                        new Timing(name, Variant.SEQUENTIAL, one, new double[] {2, 2, 2}, new double[] {2, 2, 2}),
                        new Timing(name, Variant.DIRECTIVE, one, new double[] {2, 2, 2}, new double[] {2, 2, 2}),
                        new Timing(name, Variant.HAND_WRITTEN, one, new double[] {2, 2, 2}, new double[] {2, 2, 2}),
                        new Timing(name, Variant.DIRECTIVE, two, generated2, generatedCpu2),
                        new Timing(name, Variant.HAND_WRITTEN, two, hand2, handCpu2)));
    }

    private static String report(String load, ExampleResult... results) {
        return ResultsReport.markdown(env(load), List.of(results), THREADS, List.of(), List.of(), DEFAULTS,
                List.of("img/a.png"));
    }

    @Test
    void ratioAtTheTargetMeetsIt() {
        // Medians 1.05 (of 1.00, 1.05, 1.10) and 1.00: the ratio is exactly the 5% allowed.
        String md = report("0.10, 0.20, 0.30", result("x", new double[] {1.10, 1.05, 1.00}, new double[] {1, 1, 1}));
        assertTrue(md.contains("| x | n=1 | 1.050 | met | 9.5% | 0.0% | 1.050 |"), md);
        assertTrue(md.contains("The target is met on every example."), md);
        // Speedup at 2 threads: 2 / 1.05 = 1.905, printed with two decimals.
        assertTrue(md.contains("| | //omp (generated) | 2.0000 (1.00) | 1.0500 (1.90) |"), md);
        assertFalse(md.contains("machine was busy"), md);
        assertFalse(md.contains("### SPMD"), md);
    }

    @Test
    void missedTargetIsListedWithTheDifferencesAndWhetherItIsNoise() {
        // y: 1.2 against 1.0, repetitions identical, and so are the CPU times: a real gap of 20%.
        // z: medians 1.1 against 1.0 but the generated runs spread (1.5 - 0.9) / 1.1 = 55%: within the noise.
        // w: 1.2 against 1.0 in wall time, but the same CPU time: the gap is waiting, not work.
        double[] same = {1, 1, 1};
        String md = report("0.10, 0.20, 0.30",
                result("y", new double[] {1.2, 1.2, 1.2}, same),
                result("z", new double[] {1.5, 1.1, 0.9}, same),
                result("w", new double[] {1.2, 1.2, 1.2}, same, same, same));
        assertTrue(md.contains("| y | n=1 | 1.200 | **missed** |"), md);
        assertTrue(md.contains("- **y**: generated 20.0% above the hand-written time. How the versions differ: "
                + "they differ in y"), md);
        assertTrue(md.contains("| w | n=1 | 1.200 | **missed** | 0.0% | 0.0% | 1.000 |"), md);
        assertTrue(md.contains("- **w**: generated 20.0% above the hand-written time. By CPU time the two are within "
                + "the target (ratio 1.000): the gap is time spent waiting"), md);
        assertTrue(md.contains("- **z**: generated 10.0% above the hand-written time. The gap is smaller than the "
                + "spread of the repetitions (54.5%)"), md);
        assertFalse(md.contains("The target is met on every example."), md);
    }

    @Test
    void codeSizesAndEnvironmentAreReported() {
        String md = report("3.50, 1.00, 1.00", result("x", new double[] {1, 1, 1}, new double[] {1, 1, 1}));
        // 3 of 20 lines is 15%, 25 of 40 is 62.5%, printed rounded to whole percent (Formatter rounds half up: 63%).
        assertTrue(md.contains("| x | //omp (generated) | 20 | 400 | 3 (15%) |\n| | hand-written j.u.c. | 40 | 1200 "
                + "| 25 (63%) |\n"), md);
        assertTrue(md.contains("| load average (1, 5, 15 min) | before: 3.50, 1.00, 1.00; after: 3.50, 1.00, 1.00 |"),
                md);
        assertTrue(md.contains("| repetitions | 2 warm-up and 5 timed runs of every version in every layout |"), md);
        assertTrue(md.contains("**The machine was busy** (load 3.50 on 2 cores)"), md);
        assertTrue(md.contains("![img/a.png](img/a.png)"), md);
        assertFalse(md.contains("take turns"), md);
    }

    @Test
    void spmdAndHybridTablesGiveGeneratedOverHandWritten() {
        ExampleResult smp = result("x", new double[] {1, 1, 1}, new double[] {1, 1, 1});
        List<Timing> timings = new ArrayList<>(smp.timings());
        Layout twoRanks = Layout.ranks(2);
        Layout twoByTwo = new Layout(2, 2);
        timings.add(new Timing("x", Variant.MPI, twoRanks, new double[] {1.1}, new double[] {1.1}));
        timings.add(new Timing("x", Variant.SPMD, twoRanks, new double[] {1.0}, new double[] {1.0}));
        timings.add(new Timing("x", Variant.HYBRID, twoByTwo, new double[] {0.5}, new double[] {0.5}));
        ExampleResult r = new ExampleResult("x", "test", "n=1", "none",
                Map.of(Variant.MPI, new CodeSize(10, 200, 1), Variant.HYBRID, new CodeSize(30, 900, 20)), timings);
        String md = ResultsReport.markdown(env("0.10, 0.20, 0.30"), List.of(r), THREADS, List.of(twoRanks),
                List.of(twoByTwo), DEFAULTS, List.of());
        assertTrue(md.contains("### SPMD (ranks)\n\n| example | version | 2 |\n"), md);
        assertTrue(md.contains("| | //mpi (generated) | 1.1000 (1.82) |\n"
                + "| | hand-written communicator | 1.0000 (2.00) |\n"
                + "| | generated / hand-written (CPU time) | 1.100 (1.10) |\n"), md);
        // No //mpi + //omp version: its row is left out and the ratio cannot be given.
        assertTrue(md.contains("### hybrid (ranks × threads)\n\n| example | version | 2×2 |\n"), md);
        assertTrue(md.contains("| | hand-written communicator + //omp | 0.5000 (4.00) |\n"
                + "| | generated / hand-written (CPU time) | – (–) |\n"), md);
        assertFalse(md.contains("| | //mpi + //omp (generated) |"), md);
        assertTrue(md.contains("| x | //mpi (generated) | 10 | 200 | 1 (10%) |\n| | hand-written communicator + //omp "
                + "| 30 | 900 | 20 (67%) |\n"), md);
        assertTrue(md.contains("The machine has 2 cores: with 4 threads or ranks they take turns"), md);
    }

    @Test
    void moreWorkersThanCoresAreCalledOut() {
        ExampleResult r = result("x", new double[] {1, 1, 1}, new double[] {1, 1, 1});
        CompareOptions quick = CompareOptions.parse(new String[] {"--quick"}, List.of("x"));
        String md = ResultsReport.markdown(env("0.10, 0.20, 0.30"), List.of(r),
                List.of(Layout.threads(1), Layout.threads(2), Layout.threads(4)), List.of(), List.of(), quick,
                List.of());
        // The environment has 2 cores; 4 threads exceed them.
        assertTrue(md.contains("The machine has 2 cores: with 4 threads or ranks they take turns"), md);
        assertTrue(md.contains("| sizes | quick (`--quick`)"), md);
        assertTrue(md.contains("| repetitions | 1 warm-up and 3 timed runs"), md);
        assertFalse(md.contains("## Plots"), md);
    }
}
