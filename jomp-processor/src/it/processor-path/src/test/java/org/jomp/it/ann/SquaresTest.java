package org.jomp.it.ann;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SquaresTest {

    @Test
    void annotatedLoopRanInParallelAndGaveTheSequentialSum() {
        Squares s = new Squares(1_000_000);
        assertEquals(s.sequentialSum(), s.sum());
        assertTrue(s.threadsSeen() > 1, "threads seen: " + s.threadsSeen());
    }
}
