package org.jomp.it.tp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** No directive: reads the threadprivate field of the main sources. */
class TeamTest {

    @Test
    void everyThreadStartsAtTheMastersCount() {
        Reset.to(10);
        assertEquals(3 * 10 + 300, Team.sum(300));
        assertEquals(10 + 100, Counters.count, "the master's copy counted its third of the loop");
    }
}
