package org.jomp.msg.coll;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CollectivesChoiceTest {
    private static final long LARGE = Collectives.BCAST_LARGE;

    @Test
    void aLargeBroadcastScattersFirstAmongMoreThanTwoRanks() {
        assertTrue(Collectives.scatterAllgather(LARGE, (int) (LARGE / 8), 4, false));
        assertFalse(Collectives.scatterAllgather(LARGE - 1, (int) (LARGE / 8), 4, false), "below the switch point");
        assertFalse(Collectives.scatterAllgather(LARGE, (int) (LARGE / 8), 2, false), "2 ranks");
        assertFalse(Collectives.scatterAllgather(LARGE, 3, 4, false), "fewer elements than ranks");
    }

    @Test
    void aJobWithMoreRanksThanCoresKeepsToTheBinomialTreeAtEverySize() {
        assertFalse(Collectives.scatterAllgather(LARGE, (int) (LARGE / 8), 4, true));
        assertFalse(Collectives.scatterAllgather(64L << 20, 8 << 20, 8, true));
    }

    @Test
    void powersOfTwoAllgatherByRecursiveDoublingBelowTheLongSizeAndAlwaysWhenCrowded() {
        long longSize = Collectives.ALLGATHER_LONG;
        assertTrue(Collectives.recursiveDoubling(longSize - 1, 8, false, true));
        assertFalse(Collectives.recursiveDoubling(longSize, 8, false, true), "long: the ring");
        assertTrue(Collectives.recursiveDoubling(64L << 20, 4, true, true), "crowded");
        assertFalse(Collectives.recursiveDoubling(8, 6, false, true), "6 ranks: Bruck");
        assertFalse(Collectives.recursiveDoubling(8, 3, true, true), "3 ranks, crowded: Bruck");
        assertFalse(Collectives.recursiveDoubling(8, 8, true, false), "ranks in several JVMs");
    }

    @Test
    void aCrowdedJobRunsSmallCollectivesLinearlyAmongMoreThanTwoRanks() {
        long limit = Collectives.LINEAR_LIMIT;
        assertTrue(Collectives.linear(0, 3, true));
        assertTrue(Collectives.linear(limit, 8, true));
        assertFalse(Collectives.linear(limit + 1, 8, true), "above the limit");
        assertFalse(Collectives.linear(8, 2, true), "2 ranks: one exchange either way");
        assertFalse(Collectives.linear(8, 8, false), "not crowded: logarithmic rounds");
    }

    @Test
    void aCrowdedJobBroadcastsLinearlyFromTheLeastSizeToTheLimit() {
        long least = Collectives.LINEAR_BCAST_MIN;
        assertTrue(Collectives.linearBroadcast(least, 8, true));
        assertTrue(Collectives.linearBroadcast(Collectives.LINEAR_LIMIT, 4, true));
        assertFalse(Collectives.linearBroadcast(least - 1, 8, true), "small: the binomial tree spreads the sends");
        assertFalse(Collectives.linearBroadcast(Collectives.LINEAR_LIMIT + 1, 8, true), "above the limit");
        assertFalse(Collectives.linearBroadcast(least, 2, true), "2 ranks");
        assertFalse(Collectives.linearBroadcast(least, 8, false), "not crowded");
    }
}
