package org.jomp.msg;

import static org.jomp.msg.Data.assertSlice;
import static org.jomp.msg.Data.make;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.msg.transport.PayloadKind;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The staged shared-memory collectives (small barrier, bcast, reduce, allreduce, allgather) many times in a row,
 * with counts, roots and data that change every round and ranks that fall behind now and then: a hand-off that is
 * lost, or a slot, count or generation read from the wrong round, shows as a wrong element or a hang (the timeout).
 */
class SharedCollectivesRepeatTest {
    private static final int CALLS = 3000;

    /** Rounds for {@code np} ranks: the same number of collective calls in all, whatever the rank count. */
    private static int rounds(int np) {
        return CALLS / np;
    }

    private static int value(int rank, int i, int round) {
        return (rank * 7 + i * 3 + round) % 61 + 1;
    }

    /** A rank that sometimes lags, so the others wait in every phase of the waits. */
    private static void lag(int rank, int round) {
        if ((round + rank) % 97 == 0) {
            Thread.yield();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void bcastFromChangingRootsWithChangingCounts(int np) {
        EmbeddedLauncher.run(np, w -> {
            for (int round = 0; round < rounds(np); round++) {
                PayloadKind k = Data.PRIMITIVES[round % Data.PRIMITIVES.length];
                int count = 1 + round % 5;
                int root = (round / 3) % np;
                checkedBcast(w, k, count, root, round);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void bcastsOfEveryTypeInTheRingAndBeyondItWithRootsRunningAhead(int np) {
        EmbeddedLauncher.run(np, w -> {
            for (int round = 0; round < 4 * rounds(np); round++) {
                PayloadKind k = Data.PRIMITIVES[round % Data.PRIMITIVES.length];
                // Up to 104 bytes travel in the ring; every seventh round a count past that, up to 2 KiB.
                int inLine = 104 / k.bytesPerElement();
                int beyond = 2048 / k.bytesPerElement() - inLine;
                int count = round % 7 == 0 ? inLine + 1 + round % beyond : round % inLine;
                // The same root for runs of 9 broadcasts, so that it gets ahead of its readers and laps the ring.
                int root = (round / 9) % np;
                checkedBcast(w, k, count, root, round);
            }
        });
    }

    /**
     * One root broadcasts 2,500 times while the last rank sleeps twice: the root fills the ring (64 lines, or 1,024
     * with more ranks than cores) or the 64 staging arrays and must wait for the sleeper before it writes over what
     * the sleeper has not read; a word or array reused too early shows as a wrong element on the sleeper.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aRootFarAheadOverwritesNothingASleepingReaderHasNotRead(int np) {
        EmbeddedLauncher.run(np, w -> {
            for (int round = 0; round < 2500; round++) {
                if (w.rank() == np - 1 && (round == 5 || round == 1300)) {
                    try {
                        Thread.sleep(100);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                }
                PayloadKind k = Data.PRIMITIVES[round % Data.PRIMITIVES.length];
                // In the ring (up to 104 bytes), so that the root can run through all of it; from round 1200 to
                // 1599 every fourth broadcast staged, in one of the staging arrays.
                boolean staged = round >= 1200 && round < 1600 && round % 4 == 0;
                int count = staged ? 200 + round % 50 : 1 + round % 13;
                checkedBcast(w, k, count, 0, round);
            }
        });
    }

    /** One broadcast of round {@code round}'s values from {@code root}, checked on every rank. */
    private static void checkedBcast(Comm w, PayloadKind k, int count, int root, int round) {
        int r = w.rank();
        Object expected = make(k, count, i -> value(root, i, round));
        Object buf = r == root ? make(k, count, i -> value(root, i, round)) : make(k, count, i -> -1);
        lag(r, round);
        w.bcast(buf, 0, count, root);
        assertSlice(expected, buf, "bcast round " + round + " " + k + " root " + root);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void allreduceAndReduceOfEveryNumericType(int np) {
        EmbeddedLauncher.run(np, w -> {
            int r = w.rank();
            for (int round = 0; round < rounds(np); round++) {
                PayloadKind k = Data.NUMERIC[round % Data.NUMERIC.length];
                int count = 1 + round % 4;
                int rd = round;
                Object mine = make(k, count, i -> value(r, i, rd));
                Object sum = make(k, count, i -> {
                    int s = 0;
                    for (int j = 0; j < np; j++) s += value(j, i, rd);
                    return s;
                });
                Object got = make(k, count, i -> -1);
                lag(r, round);
                w.allreduce(mine, 0, got, 0, count, Op.SUM);
                assertSlice(sum, got, "allreduce round " + round + " " + k);
                int root = round % np;
                Object atRoot = make(k, count, i -> -1);
                w.reduce(mine, 0, atRoot, 0, count, Op.SUM, root);
                if (r == root) {
                    assertSlice(sum, atRoot, "reduce round " + round + " " + k + " root " + root);
                }
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void floatingPointAllreduceGivesTheSameBitsOnEveryRank(int np) {
        EmbeddedLauncher.run(np, w -> {
            int r = w.rank();
            for (int round = 0; round < rounds(np); round++) {
                // Values whose sum depends on the order of the additions.
                double[] mine = {0.1 * (r + 1) + round * 1e-3, 1e16 * (r % 2 == 0 ? 1 : -1) + r * 0.37};
                double[] got = new double[2];
                lag(r, round);
                w.allreduce(mine, 0, got, 0, 2, Op.SUM);
                double expected = 0;
                for (int j = 0; j < np; j++) expected += 0.1 * (j + 1) + round * 1e-3;
                assertEquals(expected, got[0], 1e-9, "round " + round);
                long[] bits = {Double.doubleToRawLongBits(got[0]), Double.doubleToRawLongBits(got[1])};
                long[] all = new long[2 * np];
                w.allgather(bits, 0, all, 0, 2);
                for (int j = 0; j < np; j++) {
                    assertEquals(all[0], all[2 * j], "round " + round + ": rank " + j + "'s sum differs from rank 0's");
                    assertEquals(all[1], all[2 * j + 1], "round " + round + ": rank " + j + "'s sum differs");
                }
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void allgatherAndAllgathervOfEveryType(int np) {
        EmbeddedLauncher.run(np, w -> {
            int r = w.rank();
            for (int round = 0; round < rounds(np); round++) {
                PayloadKind k = Data.PRIMITIVES[round % Data.PRIMITIVES.length];
                // A rank keeps the layout of its last allgather for the next and must not keep it when the count or
                // the result's offset changes: in each cycle of four rounds the count changes alone, then the
                // offset alone, then the count alone, then the offset alone.
                int phase = round % 4;
                int count = (phase == 1 || phase == 2 ? 2 : 1) + round / 4 % 2;
                int off = phase >= 2 ? 1 : 0;
                int rd = round;
                Object mine = make(k, count, i -> value(r, i, rd));
                Object all = make(k, off + count * np, i -> -1);
                lag(r, round);
                w.allgather(mine, 0, all, off, count);
                assertSlice(make(k, off + count * np, i -> i < off ? -1 : value((i - off) / count, (i - off) % count,
                        rd)), all, "allgather round " + round + " " + k + " at offset " + off);
                // Rank j contributes j % 3 + round % 2 elements, placed back to front.
                int[] counts = new int[np];
                int[] displs = new int[np];
                int total = 0;
                for (int j = np - 1; j >= 0; j--) {
                    counts[j] = j % 3 + round % 2;
                    displs[j] = total;
                    total += counts[j];
                }
                Object v = make(k, total, i -> -1);
                Object send = make(k, counts[r], i -> value(r, i, rd));
                w.allgatherv(send, 0, counts[r], v, counts, displs);
                int t = total;
                Object expected = make(k, t, i -> {
                    for (int j = 0; j < np; j++) {
                        if (i >= displs[j] && i < displs[j] + counts[j]) return value(j, i - displs[j], rd);
                    }
                    return -1;
                });
                assertSlice(expected, v, "allgatherv round " + round + " " + k);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void barriersBetweenOtherCollectivesHoldEveryRank(int np) {
        AtomicInteger arrived = new AtomicInteger();
        EmbeddedLauncher.run(np, w -> {
            int r = w.rank();
            int[] one = new int[1];
            int[] sum = new int[1];
            for (int round = 1; round <= rounds(np); round++) {
                arrived.incrementAndGet();
                lag(r, round);
                w.barrier();
                assertTrue(arrived.get() >= round * np, "round " + round + ": passed the barrier early");
                one[0] = round + r;
                w.allreduce(one, 0, sum, 0, 1, Op.SUM);
                assertArrayEquals(new int[] {round * np + np * (np - 1) / 2}, sum, "round " + round);
            }
        });
    }
}
