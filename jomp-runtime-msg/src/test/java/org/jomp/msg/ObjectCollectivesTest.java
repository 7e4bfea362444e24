package org.jomp.msg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Collectives on serializable objects and on Divisible structures. */
class ObjectCollectivesTest {

    /** A list divided into contiguous ranges of nearly equal length, as CCJ's examples divide matrices. */
    static final class RangeList implements Divisible<int[]> {
        final int[] items;

        RangeList(int[] items) {
            this.items = items;
        }

        private int from(int index, int parts) {
            return (int) ((long) items.length * index / parts);
        }

        @Override
        public int[] part(int index, int parts) {
            return Arrays.copyOfRange(items, from(index, parts), from(index + 1, parts));
        }

        @Override
        public void setPart(int index, int parts, int[] part) {
            System.arraycopy(part, 0, items, from(index, parts), part.length);
        }
    }

    record Point(int x, String label) implements Serializable {
    }

    private static String ranks(int from, int to) {
        StringBuilder b = new StringBuilder();
        for (int j = from; j <= to; j++) b.append(j).append(';');
        return b.toString();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void objectCollectivesCopyAndOrderByRank(int np) {
        EmbeddedLauncher.run(np, w -> {
            int r = w.rank();
            int root = np - 1;
            Point mine = new Point(r, "p" + r);
            Point fromRoot = w.bcastObject(r == root ? mine : null, root);
            assertEquals(new Point(root, "p" + root), fromRoot);

            List<Point> gathered = w.gatherObjects(mine, 0);
            List<Point> expected = new ArrayList<>();
            for (int j = 0; j < np; j++) expected.add(new Point(j, "p" + j));
            if (r == 0) {
                assertEquals(expected, gathered);
            } else {
                assertNull(gathered);
            }
            assertEquals(expected, w.allgatherObjects(mine));
            assertEquals(expected.get(r), w.scatterObjects(r == root ? expected : null, root));

            List<String> out = new ArrayList<>();
            for (int j = 0; j < np; j++) out.add(r + "->" + j);
            List<String> in = w.alltoallObjects(out);
            for (int j = 0; j < np; j++) assertEquals(j + "->" + r, in.get(j));

            // String concatenation is associative but not commutative: the result shows the combination order.
            String all = ranks(0, np - 1);
            assertEquals(all, w.allreduceObject(r + ";", String::concat));
            String reduced = w.reduceObject(r + ";", String::concat, root);
            assertEquals(r == root ? all : null, reduced);
            assertEquals(ranks(0, r), w.scanObject(r + ";", String::concat));
            assertEquals(r == 0 ? null : ranks(0, r - 1), w.exscanObject(r + ";", String::concat));
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8})
    void divisibleStructuresAreScatteredAndGatheredByParts(int np) {
        EmbeddedLauncher.run(np, w -> {
            int r = w.rank();
            int n = 23;
            int[] items = new int[n];
            Arrays.setAll(items, i -> i * i);
            RangeList whole = new RangeList(items.clone());
            for (int root = 0; root < np; root += 3) {
                int[] part = w.scatter(r == root ? whole : null, root);
                assertEquals(Arrays.toString(whole.part(r, np)), Arrays.toString(part));
                int[] doubled = Arrays.stream(part).map(v -> 2 * v).toArray();
                RangeList target = new RangeList(new int[n]);
                w.gather(doubled, r == root ? target : null, root);
                if (r == root) {
                    assertEquals(Arrays.toString(Arrays.stream(items).map(v -> 2 * v).toArray()),
                            Arrays.toString(target.items));
                }
                RangeList everywhere = new RangeList(new int[n]);
                w.allgather(part, everywhere);
                assertEquals(Arrays.toString(items), Arrays.toString(everywhere.items));
                assertNotSame(items, everywhere.items);
            }
        });
    }
}
