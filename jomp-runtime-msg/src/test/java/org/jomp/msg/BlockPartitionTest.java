package org.jomp.msg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BlockPartitionTest {

    /** Every item lies in exactly one part, parts are contiguous and in order, sizes differ by at most one. */
    @Test
    void partsCoverTheRangeOnceAndAgreeWithOwner() {
        for (int parts = 1; parts <= 7; parts++) {
            for (long n = 0; n <= 30; n++) {
                long next = 0;
                int[] counts = BlockPartition.counts(n, parts);
                int[] displs = BlockPartition.displacements(n, parts, 5);
                long min = Long.MAX_VALUE;
                long max = Long.MIN_VALUE;
                for (int p = 0; p < parts; p++) {
                    long start = BlockPartition.start(n, p, parts);
                    long end = BlockPartition.end(n, p, parts);
                    assertEquals(next, start, "part " + p + " of " + parts + " for n = " + n);
                    assertEquals(end - start, counts[p]);
                    assertEquals(start + 5, displs[p]);
                    for (long i = start; i < end; i++) {
                        assertEquals(p, BlockPartition.owner(i, n, parts), "owner of " + i + " (n = " + n + ")");
                    }
                    min = Math.min(min, end - start);
                    max = Math.max(max, end - start);
                    next = end;
                }
                assertEquals(n, next);
                assertTrue(max - min <= 1, "sizes differ by " + (max - min));
            }
        }
    }

    @Test
    void badArgumentsSayWhat() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BlockPartition.start(10, 3, 3))
                .getMessage().contains("part 3 is not in [0, 3)"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BlockPartition.owner(10, 10, 2))
                .getMessage().contains("item 10 is not in [0, 10)"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BlockPartition.counts(4, 0))
                .getMessage().contains("parts = 0"));
    }
}
