package org.jomp.examples.epcc.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.jomp.examples.epcc.baseline.ForkJoinSync;
import org.jomp.examples.epcc.baseline.TeamSync;
import org.jomp.examples.epcc.jomp.JompApiSync;
import org.jomp.examples.epcc.method.Delay;
import org.junit.jupiter.api.Test;

class ForkLatencyTest {

    @Test
    void percentilesUseNearestRankAndCountSlowRegions() {
        long[] nanos = new long[100];
        for (int i = 0; i < 100; i++) {
            nanos[i] = (i + 1) * 100L; // 0.1 us .. 10 us
        }
        ForkLatency.Distribution d = ForkLatency.distribution("x", nanos);
        assertEquals(1.0, d.p10(), 1e-9);
        assertEquals(5.0, d.p50(), 1e-9);
        assertEquals(9.0, d.p90(), 1e-9);
        assertEquals(9.9, d.p99(), 1e-9);
        assertEquals(10.0, d.max(), 1e-9);
        assertEquals(5.05, d.mean(), 1e-9);
        // 5.1 us .. 10 us exceed the 5 us threshold
        assertEquals(0.50, d.slowShare(), 1e-9);
    }

    @Test
    void timesEveryImplementationThatHasAParallelRegion() {
        ForkLatency latency = new ForkLatency(new Delay(10),
                List.of(JompApiSync::new, TeamSync::phaser, ForkJoinSync::new));
        List<ForkLatency.Distribution> result = latency.run(2, 1000, new PrintStream(new ByteArrayOutputStream(),
                true, StandardCharsets.UTF_8));
        assertEquals(List.of("jomp-api", "phaser-team", "forkjoin"),
                result.stream().map(ForkLatency.Distribution::implementation).toList());
        for (ForkLatency.Distribution d : result) {
            assertTrue(d.p10() > 0 && d.p10() <= d.p50() && d.p50() <= d.p99() && d.p99() <= d.max(), d.toString());
        }
        assertThrows(IllegalArgumentException.class, () -> latency.run(2, 999, System.out));
    }
}
