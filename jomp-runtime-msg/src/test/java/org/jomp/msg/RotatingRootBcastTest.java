package org.jomp.msg;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Broadcasts whose root changes from call to call, as in Floyd's algorithm (the owner of row k broadcasts it): a
 * root must never wait for a staging buffer that an earlier root of another rank left marked as unread.
 */
class RotatingRootBcastTest {
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void everyRankSeesEveryRootsData(int np) {
        EmbeddedLauncher.run(np, world -> {
            int[] row = new int[5];
            for (int k = 0; k < 60; k++) {
                int root = (k / 3) % np;
                if (world.rank() == root) {
                    java.util.Arrays.fill(row, 1000 * k + root);
                }
                world.bcast(row, 0, row.length, root);
                for (int v : row) {
                    assertEquals(1000 * k + root, v, "bcast " + k + " from root " + root + " on rank " + world.rank());
                }
            }
        });
    }
}
