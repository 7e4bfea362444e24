package org.jomp.msg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CommunicatorTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void dupKeepsRanksButIsolatesMessages(int np) {
        EmbeddedLauncher.run(np, w -> {
            Comm d = w.dup();
            assertEquals(w.rank(), d.rank());
            assertEquals(w.size(), d.size());
            int n = w.size();
            int next = (w.rank() + 1) % n;
            int prev = (w.rank() - 1 + n) % n;
            // The same source and tag on both: each communicator's receive must get its own message.
            int[] fromDup = new int[1];
            int[] fromWorld = new int[1];
            Request onDup = d.irecv(fromDup, 0, 1, prev, 0);
            Request onWorld = w.irecv(fromWorld, 0, 1, Comm.ANY_SOURCE, Comm.ANY_TAG);
            w.send(new int[] {1}, 0, 1, next, 0);
            d.send(new int[] {2}, 0, 1, next, 0);
            Request.waitAll(onDup, onWorld);
            assertEquals(1, fromWorld[0]);
            assertEquals(2, fromDup[0]);
            int[] a = new int[1];
            int[] b = new int[1];
            w.sendrecv(new int[] {10}, 0, 1, next, 1, a, 0, 1, prev, 1);
            d.sendrecv(new int[] {20}, 0, 1, next, 1, b, 0, 1, prev, 1);
            assertEquals(10, a[0]);
            assertEquals(20, b[0]);
            d.barrier();
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8})
    void splitGroupsByColorAndOrdersByKey(int np) {
        EmbeddedLauncher.run(np, w -> {
            int r = w.rank();
            Comm half = w.split(r % 2, -r);
            int members = r % 2 == 0 ? (np + 1) / 2 : np / 2;
            assertEquals(members, half.size());
            assertEquals(members - 1 - r / 2, half.rank(), "key -rank reverses the order");
            long[] ranks = new long[members];
            half.allgather(new long[] {r}, 0, ranks, 0, 1);
            for (int i = 0; i < members; i++) {
                assertEquals(r % 2 + 2L * (members - 1 - i), ranks[i]);
            }
            double sum = half.allreduce((double) r, Op.SUM);
            double expected = 0;
            for (int j = r % 2; j < np; j += 2) expected += j;
            assertEquals(expected, sum);
            Comm none = w.split(r == 0 ? Comm.UNDEFINED : 1, 0);
            if (r == 0) {
                assertNull(none);
            } else {
                assertEquals(np - 1, none.size());
                assertEquals(r - 1, none.rank());
                none.barrier();
            }
            Comm sub = half.dup();
            int[] v = {half.rank()};
            sub.bcast(v, 0, 1, sub.size() - 1);
            assertEquals(sub.size() - 1, v[0]);
            assertTrue(sub.processorName().length() > 0);
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void everyThreadOfARankTeamMayCommunicateAtOnce(int np) {
        int team = 4;
        int rounds = 200;
        EmbeddedLauncher.run(np, w -> {
            int n = w.size();
            int next = (w.rank() + 1) % n;
            int prev = (w.rank() - 1 + n) % n;
            Thread[] threads = new Thread[team];
            Throwable[] errors = new Throwable[team];
            long[][] got = new long[team][rounds];
            for (int t = 0; t < team; t++) {
                int tid = t;
                threads[t] = new Thread(() -> {
                    try {
                        for (int i = 0; i < rounds; i++) {
                            long[] in = new long[1];
                            if ((i & 1) == 0) {
                                w.sendrecv(new long[] {prev * 1_000_000L + tid * 1000L + i}, 0, 1, next, tid,
                                        in, 0, 1, prev, tid);
                            } else {
                                Request r = w.irecv(in, 0, 1, prev, tid);
                                w.isend(new long[] {prev * 1_000_000L + tid * 1000L + i}, 0, 1, next, tid)
                                        .waitFor();
                                r.waitFor();
                            }
                            got[tid][i] = in[0];
                        }
                    } catch (Throwable e) {
                        errors[tid] = e;
                    }
                });
                threads[t].start();
            }
            for (Thread t : threads) t.join(60_000);
            for (int t = 0; t < team; t++) {
                if (errors[t] != null) throw new AssertionError("thread " + t, errors[t]);
                long[] expected = new long[rounds];
                for (int i = 0; i < rounds; i++) {
                    int sender = prev;
                    int senderPrev = (sender - 1 + n) % n;
                    expected[i] = senderPrev * 1_000_000L + t * 1000L + i;
                }
                assertArrayEquals(expected, got[t], "thread " + t + " of rank " + w.rank());
            }
            w.barrier();
        });
    }
}
