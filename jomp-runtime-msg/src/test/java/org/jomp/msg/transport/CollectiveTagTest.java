package org.jomp.msg.transport;

import static org.jomp.msg.transport.CollectiveCall.ALLGATHER;
import static org.jomp.msg.transport.CollectiveCall.ALLREDUCE;
import static org.jomp.msg.transport.CollectiveCall.BARRIER;
import static org.jomp.msg.transport.CollectiveCall.BCAST;
import static org.jomp.msg.transport.CollectiveCall.EPOCH;
import static org.jomp.msg.transport.CollectiveCall.GATHER_DIVISIBLE;
import static org.jomp.msg.transport.CollectiveCall.REDUCE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The words and tags that name a collective: what they tell apart, and how errors describe them. */
class CollectiveTagTest {
    private static int of(int seq, CollectiveCall call, int root) {
        return CollectiveTag.of(seq, call, root);
    }

    private static int tag(int word, int algorithmTag) {
        return CollectiveTag.tag(word, algorithmTag);
    }

    private static String describe(int word) {
        return CollectiveTag.describe(word);
    }

    @Test
    void aWordNamesNumberCallAndRoot() {
        assertEquals("collective #7, bcast with root 3", describe(of(7, BCAST, 3)));
        assertEquals("collective #7, allreduce", describe(of(7, ALLREDUCE, 3)));
        assertEquals("collective #2, gather of a Divisible with root 0",
                describe(of(2, GATHER_DIVISIBLE, 0)));
    }

    /** The root field holds roots 0 to 30 themselves; it never names a wrong root for larger ones. */
    @Test
    void rootsFromThirtyOneOnAreNamedAsSuch() {
        int w = of(1, BCAST, 33);
        assertEquals("collective #1, bcast with a root of 31 or more", describe(w));
        assertNotNull(CollectiveTag.differs(of(1, BCAST, 0), w, 1));
        assertNull(CollectiveTag.differs(of(1, BCAST, 40), w, 1));
        assertNotNull(CollectiveTag.differs(of(1, BCAST, 30), w, 1));
    }

    @Test
    void numbersWrapAtTwoToTheSixteenth() {
        int a = of(5, BARRIER, 0);
        int b = of(5 + 65536, BARRIER, 0);
        assertEquals(a, b);
        assertTrue(CollectiveTag.sameNumber(of(65536 + 1, BCAST, 0),
                of(1, REDUCE, 0)));
        assertTrue(2 * CollectiveTag.EPOCH <= 1 << 15, "ranks at most 2 * EPOCH apart must not alias modulo 2^16");
    }

    @Test
    void conflictRulesAndAlgorithmTags() {
        int mine = tag(of(4, ALLGATHER, 0), 8);
        // Another step of the same collective, from anyone: nothing follows.
        assertNull(CollectiveTag.conflict(mine, 1, tag(of(4, ALLGATHER, 0), 3), 2));
        // Same number, another call, from a rank this receive does not wait for: a mismatch.
        assertNotNull(CollectiveTag.conflict(mine, 1, tag(of(4, ALLREDUCE, 0), 5), 2));
        // Another number from another rank: that rank may be ahead.
        assertNull(CollectiveTag.conflict(mine, 1, tag(of(5, BARRIER, 0), 1), 2));
        // Another number from the rank it waits for: in-order delivery says it will never send this one.
        assertNotNull(CollectiveTag.conflict(mine, 1, tag(of(3, BARRIER, 0), 1), 1));
        // A send learns only from the same number.
        assertNull(CollectiveTag.sendConflict(mine, tag(of(3, BARRIER, 0), 1), 1));
        assertThrows(IllegalArgumentException.class, () -> CollectiveTag.tag(0, 31));
        assertTrue(tag(of(65535, EPOCH, 31), 30) != -1);
    }
}
