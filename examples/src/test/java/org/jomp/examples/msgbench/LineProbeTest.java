package org.jomp.examples.msgbench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LineProbeTest {
    @Test
    void eachMeasureReturnsAOneWayTimeAndCloseEndsTheHelper() throws Exception {
        try (LineProbe probe = new LineProbe()) {
            for (int i = 0; i < 3; i++) {
                // One move of a cache line: well under a millisecond on any machine that runs both threads at once,
                // and never zero; an unanswered hand-off would not return at all.
                double ns = probe.measure(2);
                assertTrue(ns > 0 && ns < 1e6, "one-way " + ns + " ns");
            }
        }
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (helperAlive() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertFalse(helperAlive(), "the helper thread lives on after close");
    }

    private static boolean helperAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("line-probe-helper") && t.isAlive());
    }
}
