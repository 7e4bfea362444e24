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
        List<Timing> timings = new Bench(0, 1, Compare.WORKERS, new PrintStream(log, true, StandardCharsets.UTF_8))
                .run(e, w);
        assertEquals(1 + 2 * 3 + (e.spmdClass() == null ? 0 : 3), timings.size(), e.name());
        assertEquals(e.spmdClass() != null, w.hasSpmd(), e.name());
        Path sources = Path.of("src/main/java");
        CodeSize directive = Compare.count(sources, e.directiveClass(), e.sequentialClass());
        CodeSize hand = Compare.count(sources, e.handWrittenClass(), e.sequentialClass());
        assertTrue(directive.parallelLines() >= 1, e.name() + " directive version has a directive: " + directive);
        assertTrue(hand.lines() > directive.lines(), e.name() + ": " + hand + " against " + directive);
    }
}
