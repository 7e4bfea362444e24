package org.jomp.examples.msgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

class SamplesTest {
    @Test
    void theMedianIsTheMiddleOfTheSortedSamples() {
        Random random = new Random(4);
        for (int n = 1; n <= 9; n++) {
            List<Double> values = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                values.add(random.nextDouble());
            }
            List<Double> sorted = new ArrayList<>(values);
            Collections.sort(sorted);
            double expected = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
            assertEquals(expected, Samples.median(values), 0);
        }
    }

    @Test
    void jobOutputIsReadBehindJomprunPrefixesAndOtherLinesAreSkipped() {
        Samples s = new Samples();
        int found = s.addOutput("hybrid", "[0-1] MSGBENCH pingpong byte 1024 4 3.5000\n[2-3] noise\n"
                + "[0-1] MSGBENCH pingpong byte 1024 4 1.5000\nMSGBENCH barrier - 0 4 2.0\n");
        assertEquals(3, found);
        assertEquals(2.5, s.median(Samples.key("hybrid", "pingpong", "byte", 1024, 4)).getAsDouble(), 0);
        assertEquals(1, s.count(Samples.key("hybrid", "barrier", "-", 0, 4)));
    }
}
