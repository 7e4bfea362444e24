package org.jomp.examples.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlotsTest {
    @Test
    void writesPngAndSvgForTheSummaryAndEveryExample(@TempDir Path dir) throws Exception {
        System.setProperty("java.awt.headless", "true");
        ExampleResult r = new ExampleResult("x", "test", "n=1", "none", null, null, null, List.of(
                new Timing("x", Variant.SEQUENTIAL, 1, new double[] {2}),
                new Timing("x", Variant.DIRECTIVE, 1, new double[] {2}),
                new Timing("x", Variant.HAND_WRITTEN, 1, new double[] {2}),
                new Timing("x", Variant.DIRECTIVE, 2, new double[] {1}),
                new Timing("x", Variant.HAND_WRITTEN, 2, new double[] {1.1})));
        List<String> names = Plots.write(dir, List.of(r), new int[] {1, 2});
        assertEquals(List.of("generated-over-hand-written.png", "speedup-x.png"), names);
        for (String name : names) {
            byte[] png = Files.readAllBytes(dir.resolve(name));
            assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(png, 4), name);
            String svg = Files.readString(dir.resolve(name.replace(".png", ".svg")));
            assertTrue(svg.contains("<svg"), name);
        }
    }
}
