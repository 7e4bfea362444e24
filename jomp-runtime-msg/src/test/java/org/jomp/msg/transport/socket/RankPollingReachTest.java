package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Which waits poll the sockets: every wait of a socket job's rank; in a hybrid job only a wait for a small message
 * from or to a rank this one has a connection to (another JVM's), never one for a neighbour in its own JVM (no
 * connection) or for any source. Hybrid waits that do poll run in the hybrid conformance and fault tests.
 */
class RankPollingReachTest {
    @Test
    void aSocketJobPollsInEveryWait() {
        RankPolling p = new RankPolling(new Connection[4], 50_000, true, 65_536);
        assertTrue(p.reaches(2, 8));
        assertTrue(p.reaches(-1, 8), "any source");
        assertTrue(p.reaches(3, Long.MAX_VALUE), "a large or unknown size");
    }

    @Test
    void aHybridRankDoesNotPollForANeighbourInItsJvmOrForAnySource() {
        // Ranks 0-3 in this JVM: no connection to any of them.
        RankPolling p = new RankPolling(new Connection[4], 50_000, false, 65_536);
        assertFalse(p.reaches(1, 8));
        assertFalse(p.reaches(-1, 8));
        assertFalse(p.reaches(7, 8), "a rank outside the table");
    }
}
