package org.jomp.msg;

import static org.jomp.msg.Data.assertSlice;
import static org.jomp.msg.Data.make;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.msg.launch.RankMain;
import org.jomp.msg.transport.PayloadKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every slice collective on every primitive type, small and large (so each algorithm the selector picks runs),
 * once with the shared-memory collectives and once with the point-to-point algorithms alone (the subclasses).
 */
abstract class CollectivesConformance {
    /** Whether the ranks use the transport's shared-memory collectives. */
    abstract boolean sharedCollectives();

    private void run(int np, RankMain body) {
        EmbeddedLauncher.run(np, sharedCollectives(), body);
    }

    private static final int[] COUNTS = {3, 12_000};

    private static int value(int rank, int i) {
        return rank * 7 + i % 50 + 1;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 8})
    void bcastFromEveryRoot(int np) {
        run(np, w -> {
            for (PayloadKind k : Data.PRIMITIVES) {
                for (int count : COUNTS) {
                    for (int root = 0; root < np; root++) {
                        int rt = root;
                        Object expected = make(k, count + 2, i -> i == 0 || i > count ? -1 : value(rt, i));
                        Object buf = w.rank() == root ? make(k, count + 2, i -> i == 0 || i > count ? -1 : value(rt, i))
                                : make(k, count + 2, i -> -1);
                        w.bcast(buf, 1, count, root);
                        assertSlice(expected, buf, "bcast " + k + " count " + count + " root " + root);
                    }
                }
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8})
    void scatterGatherAndAllgatherPlaceBlocksByRank(int np) {
        run(np, w -> {
            int r = w.rank();
            for (PayloadKind k : Data.PRIMITIVES) {
                for (int count : COUNTS) {
                    int c = count / np + 1;
                    Object whole = make(k, c * np, i -> value(i / c, i % c));
                    Object mine = make(k, c, i -> value(r, i));
                    for (int root = 0; root < np; root += 2) {
                        Object got = make(k, c, i -> -1);
                        w.scatter(w.rank() == root ? whole : null, 0, got, 0, c, root);
                        assertSlice(mine, got, "scatter " + k + " root " + root);
                        Object all = make(k, c * np, i -> -1);
                        w.gather(mine, 0, w.rank() == root ? all : null, 0, c, root);
                        if (r == root) {
                            assertSlice(whole, all, "gather " + k + " root " + root);
                        }
                    }
                    Object all = make(k, c * np, i -> -1);
                    w.allgather(mine, 0, all, 0, c);
                    assertSlice(whole, all, "allgather " + k + " count " + c);
                }
            }
        });
    }

    /** Direct and heap buffers and byte arrays mixed across the ranks of each call ({@link ByteBufferMessages}). */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void byteBuffersMoveThroughEveryDataCollective(int np) {
        run(np, w -> assertTrue(ByteBufferMessages.collectives(w) > 0));
    }

    /**
     * Results of every size class (recursive doubling below 512 KiB on powers of two, Bruck's and the ring on the
     * others, the ring above) land at the receive offset and leave the rest of the array alone, also when the send
     * slice is this rank's own block of the receive array.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void allgatherOfEverySizeKeepsToItsBlocks(int np) {
        run(np, w -> {
            int r = w.rank();
            int off = 3;
            for (int total : new int[] {np, 1_000, 70_000}) {
                int c = total / np;
                Object whole = make(PayloadKind.DOUBLE, c * np + off + 2,
                        i -> i < off || i >= off + c * np ? -1 : value((i - off) / c, (i - off) % c));
                Object mine = make(PayloadKind.DOUBLE, c + 1, i -> i == 0 ? -1 : value(r, i - 1));
                Object all = make(PayloadKind.DOUBLE, c * np + off + 2, i -> -1);
                w.allgather(mine, 1, all, off, c);
                assertSlice(whole, all, "allgather of " + c + " doubles a rank");
                Object inPlace = make(PayloadKind.DOUBLE, c * np + off + 2,
                        i -> i >= off + r * c && i < off + (r + 1) * c ? value(r, i - off - r * c) : -1);
                w.allgather(inPlace, off + r * c, inPlace, off, c);
                assertSlice(whole, inPlace, "allgather in place of " + c + " doubles a rank");
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void vectorVariantsUseEachRanksCountAndDisplacement(int np) {
        run(np, w -> {
            int r = w.rank();
            int[] counts = new int[np];
            int[] displs = new int[np];
            int total = 0;
            for (int j = 0; j < np; j++) {
                counts[j] = j + 1;
                displs[j] = total + 1;
                total += counts[j] + 1;
            }
            int size = total + 1;
            int[] owner = new int[size];
            java.util.Arrays.fill(owner, -1);
            for (int j = 0; j < np; j++) {
                for (int i = 0; i < counts[j]; i++) owner[displs[j] + i] = j;
            }
            for (PayloadKind k : new PayloadKind[] {PayloadKind.INT, PayloadKind.DOUBLE, PayloadKind.BYTE}) {
                Object laidOut = make(k, size, i -> owner[i] < 0 ? -1 : value(owner[i], i - displs[owner[i]]));
                Object mine = make(k, counts[r], i -> value(r, i));
                int root = np - 1;
                Object got = make(k, counts[r], i -> -1);
                w.scatterv(r == root ? laidOut : null, counts, displs, got, 0, counts[r], root);
                assertSlice(mine, got, "scatterv " + k);
                Object all = make(k, size, i -> -1);
                w.gatherv(mine, 0, counts[r], r == root ? all : null, counts, displs, root);
                if (r == root) {
                    assertSlice(laidOut, all, "gatherv " + k);
                }
                all = make(k, size, i -> -1);
                w.allgatherv(mine, 0, counts[r], all, counts, displs);
                assertSlice(laidOut, all, "allgatherv " + k);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void alltoallDeliversBlockJToRankJ(int np) {
        run(np, w -> {
            int r = w.rank();
            for (PayloadKind k : Data.PRIMITIVES) {
                int c = 5;
                Object send = make(k, c * np, i -> 100 * r + 10 * (i / c) + i % c);
                Object expected = make(k, c * np, i -> 100 * (i / c) + 10 * r + i % c);
                Object recv = make(k, c * np, i -> -1);
                w.alltoall(send, 0, recv, 0, c);
                assertSlice(expected, recv, "alltoall " + k);
            }
            // alltoallv: rank r sends j+1 elements to rank j, valued 1000 r + j.
            int[] sc = new int[np];
            int[] sd = new int[np];
            int[] rc = new int[np];
            int[] rd = new int[np];
            int st = 0;
            int rt = 0;
            for (int j = 0; j < np; j++) {
                sc[j] = j + 1;
                sd[j] = st;
                st += sc[j];
                rc[j] = r + 1;
                rd[j] = rt;
                rt += rc[j];
            }
            long[] send = new long[st];
            for (int j = 0; j < np; j++) java.util.Arrays.fill(send, sd[j], sd[j] + sc[j], 1000L * r + j);
            long[] recv = new long[rt];
            w.alltoallv(send, sc, sd, recv, rc, rd);
            long[] expected = new long[rt];
            for (int j = 0; j < np; j++) java.util.Arrays.fill(expected, rd[j], rd[j] + rc[j], 1000L * j + r);
            assertArrayEquals(expected, recv);
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 8})
    void sumOnEveryNumericTypeMatchesTheSequentialSum(int np) {
        run(np, w -> {
            int r = w.rank();
            for (PayloadKind k : Data.NUMERIC) {
                for (int count : COUNTS) {
                    Object mine = make(k, count, i -> value(r, i));
                    Object sum = make(k, count, i -> {
                        int s = 0;
                        for (int j = 0; j < np; j++) s += value(j, i);
                        return s;
                    });
                    Object got = make(k, count, i -> -1);
                    w.allreduce(mine, 0, got, 0, count, Op.SUM);
                    assertSlice(sum, got, "allreduce SUM " + k + " count " + count);
                    Object inPlace = make(k, count, i -> value(r, i));
                    w.allreduce(inPlace, 0, inPlace, 0, count, Op.SUM);
                    assertSlice(sum, inPlace, "in-place allreduce SUM " + k + " count " + count);
                    int root = count % np;
                    got = make(k, count, i -> -1);
                    w.reduce(mine, 0, got, 0, count, Op.SUM, root);
                    if (r == root) {
                        assertSlice(sum, got, "reduce SUM " + k + " count " + count);
                    }
                }
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void everyPredefinedOperationGivesItsDefinition(int np) {
        run(np, w -> {
            int r = w.rank();
            int[] mine = {r + 1, -(r + 1), r * 3 + 1, 1 << r, r == 1 ? 0 : 1};
            int[][] all = new int[np][];
            for (int j = 0; j < np; j++) all[j] = new int[] {j + 1, -(j + 1), j * 3 + 1, 1 << j, j == 1 ? 0 : 1};
            Op[] ops = {Op.SUM, Op.PROD, Op.MIN, Op.MAX, Op.LAND, Op.LOR, Op.BAND, Op.BOR, Op.BXOR};
            java.util.function.IntBinaryOperator[] defs = {Integer::sum, (a, b) -> a * b, Math::min, Math::max,
                (a, b) -> a != 0 && b != 0 ? 1 : 0, (a, b) -> a != 0 || b != 0 ? 1 : 0, (a, b) -> a & b,
                (a, b) -> a | b, (a, b) -> a ^ b};
            for (int o = 0; o < ops.length; o++) {
                int[] expected = all[0].clone();
                for (int j = 1; j < np; j++) {
                    for (int i = 0; i < expected.length; i++) expected[i] = defs[o].applyAsInt(expected[i], all[j][i]);
                }
                int[] got = new int[mine.length];
                w.allreduce(mine, 0, got, 0, mine.length, ops[o]);
                assertArrayEquals(expected, got, ops[o].toString());
            }
            boolean[] flags = {true, r % 2 == 0, r == 0};
            boolean[] and = new boolean[3];
            boolean[] or = new boolean[3];
            boolean[] xor = new boolean[3];
            w.allreduce(flags, 0, and, 0, 3, Op.LAND);
            w.allreduce(flags, 0, or, 0, 3, Op.LOR);
            w.allreduce(flags, 0, xor, 0, 3, Op.BXOR);
            assertArrayEquals(new boolean[] {true, np == 1, np == 1}, and);
            assertArrayEquals(new boolean[] {true, true, true}, or);
            assertArrayEquals(new boolean[] {np % 2 == 1, ((np + 1) / 2) % 2 == 1, true}, xor);
            // MINLOC / MAXLOC on (value, index) pairs: value r mod 3 so ties exist; the smallest index wins.
            double[] pair = {r % 3, r};
            double[] min = new double[2];
            double[] max = new double[2];
            w.allreduce(pair, 0, min, 0, 2, Op.MINLOC);
            w.allreduce(pair, 0, max, 0, 2, Op.MAXLOC);
            assertArrayEquals(new double[] {0, 0}, min);
            int maxValue = Math.min(np - 1, 2);
            assertArrayEquals(new double[] {maxValue, maxValue}, max);
        });
    }

    /**
     * Large enough for every chunked algorithm (Rabenseifner's, shared memory's reduce-scatter), with an odd number
     * of pairs: a chunk boundary inside a pair mixes one rank's value with another's index.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 8})
    void locReductionsKeepPairsAndSliceOperatorsGetWholeSlices(int np) {
        run(np, w -> {
            int r = w.rank();
            int pairs = 10_001;
            double[] mine = new double[2 * pairs];
            int[] ints = new int[2 * pairs];
            for (int j = 0; j < pairs; j++) {
                mine[2 * j] = (r * 7 + j) % 5;
                mine[2 * j + 1] = r * 100_000 + j;
                ints[2 * j] = (int) mine[2 * j];
                ints[2 * j + 1] = (int) mine[2 * j + 1];
            }
            double[] min = new double[2 * pairs];
            int[] max = new int[2 * pairs];
            w.allreduce(mine, 0, min, 0, 2 * pairs, Op.MINLOC);
            w.allreduce(ints, 0, max, 0, 2 * pairs, Op.MAXLOC);
            double[] rootMin = new double[2 * pairs];
            int root = np - 1;
            w.reduce(mine, 0, rootMin, 0, 2 * pairs, Op.MINLOC, root);
            for (int j = 0; j < pairs; j++) {
                int minRank = 0;
                int maxRank = 0;
                for (int q = 1; q < np; q++) {
                    if ((q * 7 + j) % 5 < (minRank * 7 + j) % 5) {
                        minRank = q;
                    }
                    if ((q * 7 + j) % 5 > (maxRank * 7 + j) % 5) {
                        maxRank = q;
                    }
                }
                String at = "pair " + j + " of " + pairs;
                assertEquals((minRank * 7 + j) % 5, min[2 * j], "MINLOC value, " + at);
                assertEquals(minRank * 100_000 + j, min[2 * j + 1], "MINLOC index, " + at);
                assertEquals((maxRank * 7 + j) % 5, max[2 * j], "MAXLOC value, " + at);
                assertEquals(maxRank * 100_000 + j, max[2 * j + 1], "MAXLOC index, " + at);
                if (r == root) {
                    assertEquals(minRank * 100_000 + j, rootMin[2 * j + 1], "MINLOC reduce index, " + at);
                }
            }
            int count = 2 * pairs;
            Op wholeSum = Op.ofSlices((left, lo, inout, io, n) -> {
                if (n != count) {
                    throw new IllegalStateException("a slice operator got " + n + " of " + count + " elements");
                }
                for (int i = 0; i < n; i++) {
                    ((double[]) inout)[io + i] += ((double[]) left)[lo + i];
                }
            }, true);
            double[] sum = new double[count];
            w.allreduce(mine, 0, sum, 0, count, wholeSum);
            w.reduce(mine, 0, sum, 0, count, wholeSum, 0);
            if (r == 0) {
                double expected = 0;
                for (int q = 0; q < np; q++) {
                    expected += q * 100_000 + 7;
                }
                assertEquals(expected, sum[15], "whole-slice sum, element 15");
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void allreduceReadsAndWritesOnlyItsSlices(int np) {
        run(np, w -> {
            int r = w.rank();
            Op first = Op.ofLongs((a, b) -> a, false);
            for (int count : COUNTS) {
                long[] send = new long[count + 5];
                java.util.Arrays.fill(send, -7);
                for (int i = 0; i < count; i++) {
                    send[2 + i] = r * 1000L + i;
                }
                long[] sendBefore = send.clone();
                long[] recv = new long[count + 7];
                java.util.Arrays.fill(recv, -9);
                w.allreduce(send, 2, recv, 4, count, Op.SUM);
                for (int i = 0; i < recv.length; i++) {
                    long want = i < 4 || i >= 4 + count ? -9 : 1000L * np * (np - 1) / 2 + (long) np * (i - 4);
                    assertEquals(want, recv[i], "SUM count " + count + " element " + i + " on rank " + r);
                }
                java.util.Arrays.fill(recv, -9);
                w.allreduce(send, 2, recv, 4, count, first);
                for (int i = 0; i < recv.length; i++) {
                    long want = i < 4 || i >= 4 + count ? -9 : i - 4;
                    assertEquals(want, recv[i], "first-of count " + count + " element " + i + " on rank " + r);
                }
                assertArrayEquals(sendBefore, send, "the send slice changed on rank " + r);
            }
        });
    }

    /**
     * Allreduces reuse their communicator's scratch vector ({@code PointToPoint.scratch}): large ones, small ones
     * after them, other types between them, and ones on another communicator, each with its own values, must each
     * give exactly their own sums, never a trace of an earlier call's vector.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void allreducesOfShrinkingSizesAndMixedTypesLeaveNoTraceInOneAnother(int np) {
        run(np, w -> {
            int r = w.rank();
            Comm other = w.dup();
            int[] counts = {40_000, 12_000, 9, 40_000, 1, 70_000, 8};
            for (int round = 0; round < counts.length; round++) {
                int count = counts[round];
                int salt = round * 1_000_003;
                double[] d = new double[count];
                long[] l = new long[count];
                for (int i = 0; i < count; i++) {
                    d[i] = (r + 1) * 3.0 + i + salt;
                    l[i] = (r + 1) * 5L - i + salt;
                }
                double[] dSum = new double[count];
                long[] lSum = new long[count];
                (round % 2 == 0 ? w : other).allreduce(d, 0, dSum, 0, count, Op.SUM);
                w.allreduce(l, 0, lSum, 0, count, Op.SUM);
                for (int i = 0; i < count; i++) {
                    assertEquals(3.0 * np * (np + 1) / 2 + (double) np * (i + salt), dSum[i],
                            "double sum, round " + round + ", element " + i + " on rank " + r);
                    assertEquals(5L * np * (np + 1) / 2 + (long) np * (salt - i), lSum[i],
                            "long sum, round " + round + ", element " + i + " on rank " + r);
                }
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8})
    void nonCommutativeUserOperationsCombineInRankOrder(int np) {
        run(np, w -> {
            int r = w.rank();
            Op first = Op.ofLongs((a, b) -> a, false);
            Op last = Op.ofDoubles((a, b) -> b, false);
            Op sliceFirst = Op.ofSlices((left, lo, inout, io, n) -> System.arraycopy(left, lo, inout, io, n), false);
            for (int count : COUNTS) {
                // Each element tells its rank and index apart: a block combined from the wrong place shows.
                long[] mine = new long[count];
                double[] dm = new double[count];
                for (int i = 0; i < count; i++) {
                    mine[i] = r * 1_000_000L + i;
                    dm[i] = r * 1_000_000.0 + i;
                }
                long[] got = new long[count];
                w.allreduce(mine, 0, got, 0, count, first);
                for (int i = 0; i < count; i++) {
                    assertEquals(i, got[i], "first-of allreduce count " + count + " element " + i);
                }
                double[] dg = new double[count];
                w.allreduce(dm, 0, dg, 0, count, last);
                for (int i = 0; i < count; i++) {
                    assertEquals((np - 1) * 1_000_000.0 + i, dg[i], "last-of allreduce count " + count
                            + " element " + i);
                }
                int root = np / 2;
                w.reduce(dm, 0, dg, 0, count, last, root);
                if (r == root) {
                    assertEquals((np - 1) * 1_000_000.0 + count / 2, dg[count / 2], "last-of reduce count " + count);
                }
                w.scan(dm, 0, dg, 0, count, last);
                assertEquals(r * 1_000_000.0, dg[0], "last-of scan");
                w.scan(mine, 0, got, 0, count, sliceFirst);
                assertEquals(0, got[0], "first-of scan");
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 7, 8})
    void scanExscanAndReduceScatterGivePrefixesAndBlocks(int np) {
        run(np, w -> {
            int r = w.rank();
            for (PayloadKind k : Data.NUMERIC) {
                Object mine = make(k, 4, i -> r + 1 + i);
                Object inclusive = make(k, 4, i -> (r + 1) * (r + 2) / 2 + (r + 1) * i);
                Object got = make(k, 4, i -> -1);
                w.scan(mine, 0, got, 0, 4, Op.SUM);
                assertSlice(inclusive, got, "scan " + k);
                Object exclusive = make(k, 4, i -> r == 0 ? -1 : r * (r + 1) / 2 + r * i);
                got = make(k, 4, i -> -1);
                w.exscan(mine, 0, got, 0, 4, Op.SUM);
                assertSlice(exclusive, got, "exscan " + k);
            }
            int[] counts = new int[np];
            int total = 0;
            for (int j = 0; j < np; j++) {
                counts[j] = (j % 3) + 1;
                total += counts[j];
            }
            int[] send = new int[total];
            for (int i = 0; i < total; i++) send[i] = i * (r + 1);
            int[] got = new int[counts[r]];
            w.reduceScatter(send, 0, got, 0, counts, Op.SUM);
            int start = 0;
            for (int j = 0; j < r; j++) start += counts[j];
            for (int i = 0; i < counts[r]; i++) {
                assertEquals((start + i) * np * (np + 1) / 2, got[i], "reduceScatter element " + i);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 8})
    void barrierLetsNoRankPassBeforeAllArrive(int np) {
        java.util.concurrent.atomic.AtomicInteger arrived = new java.util.concurrent.atomic.AtomicInteger();
        run(np, w -> {
            for (int round = 1; round <= 50; round++) {
                arrived.incrementAndGet();
                w.barrier();
                assertTrue(arrived.get() >= round * np, "round " + round);
                w.barrier();
            }
        });
    }
}
