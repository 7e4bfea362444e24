package org.jomp.examples.msgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The raw floors run and give one positive figure per sample (their speed is the benchmark's business). */
class BaselinesTest {
    @Test
    void theThreadHandOffGivesOneFigurePerSample() throws Exception {
        List<Double> v = RawHandOff.measure(4096, 3, 200);
        assertEquals(3, v.size());
        assertTrue(v.stream().allMatch(x -> x > 0), v.toString());
    }

    @Test
    void theNioPingPongGivesOneFigurePerSample() throws Exception {
        try (RawNioPingPong nio = RawNioPingPong.open()) {
            for (int bytes : new int[] {1, 300_000}) {
                List<Double> v = nio.measure(bytes, 3, 200);
                assertEquals(3, v.size());
                assertTrue(v.stream().allMatch(x -> x > 0), v.toString());
            }
        }
    }
}
