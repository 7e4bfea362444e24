package org.jomp.examples.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlotsTest {
    @Test
    void writesPngAndSvgForTheSummaryAndEveryExample(@TempDir Path dir) throws Exception {
        System.setProperty("java.awt.headless", "true");
        Layout one = Layout.threads(1);
        Layout two = Layout.threads(2);
        Layout twoRanks = Layout.ranks(2);
        Layout twoByOne = new Layout(2, 1);
        ExampleResult x = new ExampleResult("x", "test", "n=1", "none", Map.of(), List.of(
                new Timing("x", Variant.SEQUENTIAL, one, new double[] {2}, new double[] {2}),
                new Timing("x", Variant.DIRECTIVE, one, new double[] {2}, new double[] {2}),
                new Timing("x", Variant.HAND_WRITTEN, one, new double[] {2}, new double[] {2}),
                new Timing("x", Variant.DIRECTIVE, two, new double[] {1}, new double[] {1}),
                new Timing("x", Variant.HAND_WRITTEN, two, new double[] {1.1}, new double[] {1.1}),
                new Timing("x", Variant.MPI, twoRanks, new double[] {1}, new double[] {1}),
                new Timing("x", Variant.SPMD, twoRanks, new double[] {1}, new double[] {1}),
                new Timing("x", Variant.HYBRID, twoByOne, new double[] {1}, new double[] {1})));
        ExampleResult y = new ExampleResult("y", "test", "n=1", "none", Map.of(), List.of(
                new Timing("y", Variant.SEQUENTIAL, one, new double[] {2}, new double[] {2}),
                new Timing("y", Variant.DIRECTIVE, two, new double[] {1}, new double[] {1}),
                new Timing("y", Variant.HAND_WRITTEN, two, new double[] {1.1}, new double[] {1.1})));
        List<String> names = Plots.write(dir, List.of(x, y), List.of(one, two), List.of(twoRanks), List.of(twoByOne));
        // A ratio chart for shared memory and for SPMD (x has both SPMD versions); none for hybrid (only one).
        assertEquals(List.of("generated-over-hand-written.png", "generated-over-hand-written-spmd.png",
                "speedup-x.png", "speedup-y.png"), names);
        for (String name : names) {
            byte[] png = Files.readAllBytes(dir.resolve(name));
            assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(png, 4), name);
            String svg = Files.readString(dir.resolve(name.replace(".png", ".svg")));
            assertTrue(svg.contains("<svg"), name);
        }
    }
}
