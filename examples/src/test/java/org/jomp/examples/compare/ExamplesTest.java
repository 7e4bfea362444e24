package org.jomp.examples.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every registered example, at a tiny size, through the whole comparison: its variants must agree. */
class ExamplesTest {
    private static final Map<String, Integer> TINY = Map.ofEntries(Map.entry("floyd", 40), Map.entry("series", 30),
            Map.entry("sor", 30), Map.entry("crypt", 8 * 100), Map.entry("sparsematmult", 300),
            Map.entry("lufact", 30), Map.entry("leq", 40), Map.entry("qr", 20), Map.entry("mandelbrot", 30),
            Map.entry("pi", 1), Map.entry("keysearch", 8));

    static List<Example> examples() {
        return Examples.all();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void variantsAgreeAndSourcesAreCounted(Example e) throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Workload w = e.workload().apply(TINY.get(e.name()));
        List<Timing> timings = new Bench(0, 1, Compare.THREADS, Compare.RANKS, Compare.HYBRID,
                new PrintStream(log, true, StandardCharsets.UTF_8)).run(e, w);
        // Every version the example names is timed in every layout of its mode, and only those.
        for (Variant v : Variant.values()) {
            assertEquals(e.classes().containsKey(v), w.has(v), e.name() + " " + v);
            long layouts = v == Variant.SEQUENTIAL ? 1 : v.mode() == Variant.Mode.SHARED_MEMORY
                    ? Compare.THREADS.size() : v.mode() == Variant.Mode.SPMD ? Compare.RANKS.size()
                    : Compare.HYBRID.size();
            assertEquals(w.has(v) ? layouts : 0, timings.stream().filter(t -> t.variant() == v).count(),
                    e.name() + " " + v);
        }
        Path sources = Path.of("src/main/java");
        for (Variant v : e.classes().keySet()) {
            if (v == Variant.SEQUENTIAL) {
                continue;
            }
            CodeSize size = Compare.count(sources, e.classes().get(v), e.sequentialClass());
            assertTrue(size.parallelLines() >= 1, e.name() + " " + v.label() + " adds parallel code: " + size);
            if (v.generated()) {
                CodeSize hand = Compare.count(sources, e.classes().get(Variant.pair(v.mode())[1]),
                        e.sequentialClass());
                assertTrue(hand.lines() > size.lines(), e.name() + " " + v.label() + ": " + hand + " against "
                        + size);
            }
        }
    }
}
