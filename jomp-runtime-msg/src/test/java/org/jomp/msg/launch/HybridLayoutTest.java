package org.jomp.msg.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** Which ranks each JVM of a hybrid job holds, and the errors for layouts that do not fit the job. */
class HybridLayoutTest {
    private static JobEnvironment jvm(int p, int jvms) {
        return new JobEnvironment("slurm", p, jvms, 0, "7.0", "127.0.0.1", 20000, true, "s");
    }

    @Test
    void everyRankIsHeldByExactlyOneJvm() {
        for (int jvms = 1; jvms <= 4; jvms++) {
            for (int k = 2; k <= 3; k++) {
                for (int world = (jvms - 1) * k + 1; world <= jvms * k; world++) {
                    int[] holders = new int[world];
                    for (int p = 0; p < jvms; p++) {
                        HybridLayout l = HybridLayout.of(jvm(p, jvms), Map.of("JOMP_RANKS_PER_JVM",
                                Integer.toString(k), "JOMP_WORLD_SIZE", Integer.toString(world)), null);
                        assertEquals(world, l.worldSize());
                        assertTrue(l.count() >= 1 && l.count() <= k, l.toString());
                        assertEquals(k, l.perJvm());
                        for (int r = l.first(); r < l.first() + l.count(); r++) {
                            holders[r]++;
                        }
                    }
                    for (int r = 0; r < world; r++) {
                        assertEquals(1, holders[r], "rank " + r + " of " + world + " over " + jvms + " JVMs of " + k);
                    }
                }
            }
        }
    }

    @Test
    void theSystemPropertyWinsAndTheWorldDefaultsToFullJvms() {
        HybridLayout l = HybridLayout.of(jvm(1, 3), Map.of("JOMP_RANKS_PER_JVM", "4"), "2");
        assertEquals(new HybridLayout(2, 2, 6, 2), l);
    }

    @Test
    void oneRankPerJvmOrNoSettingIsNoHybridJob() {
        assertNull(HybridLayout.of(jvm(0, 2), Map.of(), null));
        assertNull(HybridLayout.of(jvm(0, 2), Map.of("JOMP_RANKS_PER_JVM", "1"), null));
    }

    @Test
    void layoutsThatDoNotFitAreRefusedNamingTheVariable() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HybridLayout.of(jvm(0, 2),
                Map.of("JOMP_RANKS_PER_JVM", "2", "JOMP_WORLD_SIZE", "2"), null));
        assertTrue(e.getMessage().contains("JOMP_WORLD_SIZE=2 does not fit 2 JVMs of JOMP_RANKS_PER_JVM=2 ranks:"
                + " expected more than 2 and at most 4"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HybridLayout.of(jvm(0, 2),
                Map.of("JOMP_RANKS_PER_JVM", "two"), null));
        assertTrue(e.getMessage().contains("JOMP_RANKS_PER_JVM=two is not a positive number"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HybridLayout.of(null, Map.of(), "3"));
        assertTrue(e.getMessage().contains("-Djomp.ranksPerJvm=3: this JVM is not one of several JVMs"),
                e.getMessage());
    }
}
