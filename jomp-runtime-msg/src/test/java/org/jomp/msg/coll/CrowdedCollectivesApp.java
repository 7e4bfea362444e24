package org.jomp.msg.coll;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

import org.jomp.msg.Comm;
import org.jomp.msg.Op;
import org.jomp.msg.launch.EmbeddedLauncher;

/**
 * The collectives a crowded job chooses ({@code -Djomp.msg.crowded=true}: the linear algorithms for small data,
 * the logarithmic ones it keeps for larger), run by thread ranks over point-to-point messages alone and checked
 * against values every rank computes. Prints
 * one line per rank count; any wrong value throws, and the JVM exits non-zero.
 */
public final class CrowdedCollectivesApp {
    private static final int ROUNDS = 20;
    /**
     * Hexadecimal digits written one after the other: associative, not commutative, so that any order but rank
     * order gives another number.
     */
    private static final Op CONCAT = Op.ofLongs((a, b) -> a << 4 * hexDigits(b) | b, false);

    private CrowdedCollectivesApp() {
    }

    public static void main(String[] args) {
        System.out.println("crowded=" + Collectives.crowded());
        for (String arg : args[0].split(",")) {
            int np = Integer.parseInt(arg);
            AtomicInteger arrived = new AtomicInteger();
            EmbeddedLauncher.run(np, false, w -> check(w, arrived));
            System.out.println("np=" + np + " ok");
        }
    }

    private static void check(Comm w, AtomicInteger arrived) throws InterruptedException {
        int n = w.size();
        int r = w.rank();
        for (int round = 0; round < ROUNDS; round++) {
            if (r == round % n) {
                // A late rank: a barrier that let the others through early would show here.
                Thread.sleep(2);
            }
            arrived.incrementAndGet();
            w.barrier();
            expect(arrived.get() >= (round + 1) * n, "barrier round " + round + ": " + arrived.get() + " arrived of "
                    + (round + 1) * n + " on rank " + r);
        }
        for (int count : new int[] {1, 100, 1000, 20_000}) {
            int[] mine = new int[count + 2];
            for (int i = 0; i < count; i++) {
                mine[i + 1] = (r + 1) * (i + 1);
            }
            int[] sum = new int[count + 2];
            Arrays.fill(sum, -1);
            w.allreduce(mine, 1, sum, 1, count, Op.SUM);
            for (int i = 0; i < count; i++) {
                expect(sum[i + 1] == n * (n + 1) / 2 * (i + 1), "allreduce SUM of " + count + ", element " + i
                        + " on rank " + r + ": " + sum[i + 1]);
            }
            expect(sum[0] == -1 && sum[count + 1] == -1, "allreduce of " + count + " wrote outside its slice");
            long inOrder = 0;
            for (int j = 0; j < n; j++) {
                inOrder = inOrder << 4 | j + 1;
            }
            long[] order = new long[count];
            Arrays.fill(order, r + 1);
            long[] joined = new long[count];
            w.allreduce(order, 0, joined, 0, count, CONCAT);
            w.allreduce(order, 0, order, 0, count, CONCAT);
            for (int i = 0; i < count; i++) {
                expect(joined[i] == inOrder && order[i] == inOrder, "non-commutative allreduce of " + count
                        + " on rank " + r + ": " + Long.toHexString(joined[i]) + ", in place "
                        + Long.toHexString(order[i]) + ", expected " + Long.toHexString(inOrder));
            }
            int[] all = new int[n * count + 4];
            Arrays.fill(all, -1);
            w.allgather(mine, 1, all, 3, count);
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < count; i++) {
                    expect(all[3 + j * count + i] == (j + 1) * (i + 1), "allgather of " + count + ", block " + j
                            + " element " + i + " on rank " + r);
                }
            }
            expect(all[2] == -1 && all[n * count + 3] == -1, "allgather of " + count + " wrote outside its slice");
            for (int root = 0; root < n; root++) {
                double[] b = new double[count];
                if (r == root) {
                    Arrays.fill(b, root + 0.5);
                }
                w.bcast(b, 0, count, root);
                for (double v : b) {
                    expect(v == root + 0.5, "bcast of " + count + " from root " + root + " on rank " + r + ": " + v);
                }
            }
        }
    }

    private static int hexDigits(long v) {
        return v == 0 ? 1 : (67 - Long.numberOfLeadingZeros(v)) / 4;
    }

    private static void expect(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
