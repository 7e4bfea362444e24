package org.jomp.msg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.msg.launch.JobFailedException;
import org.jomp.msg.transport.MessageRing;
import org.jomp.msg.transport.PayloadKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Small messages between thread ranks, which go through the per-pair {@link MessageRing}s unless the ring is full
 * or the receiver awaits something without polling: every type and size up to the ring's limit, many times over (a
 * lost or doubled hand-off shows as a wrong value or a hang), the order of one sender's messages across both
 * ways, wildcards, probes, tests, several threads of one rank, and what ends a wait (an interrupt, a failed or
 * ended peer).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class MessageRingTest {
    private static final int RING_ELEMENTS_OF_BYTES = MessageRing.LIMIT_BYTES;

    /** Value i of the message of {@code round} from {@code source}. */
    private static int value(int source, int round, int i) {
        return source * 1_000_003 + round * 31 + i;
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void everyTypeAndSizeArrivesIntactRoundAfterRound(int np) {
        int rounds = 16_000 / np;
        EmbeddedLauncher.run(np, w -> {
            int r = w.rank();
            for (int round = 0; round < rounds; round++) {
                PayloadKind kind = Data.PRIMITIVES[round % Data.PRIMITIVES.length];
                int maxCount = RING_ELEMENTS_OF_BYTES / kind.bytesPerElement();
                // Mostly tiny, sometimes up to the ring's limit, now and then one element past it.
                int count = round % 17 == 0 ? maxCount + (round % 34 == 0 ? 1 : 0) : round % 9;
                int k = 1 + round % (np - 1);
                int to = (r + k) % np;
                int from = (r - k + np) % np;
                int fr = round;
                Object out = Data.make(kind, count, i -> value(r, fr, i));
                Object in = Data.make(kind, count + 1, i -> -1);
                Status s = w.sendrecv(out, 0, count, to, round, in, 0, count + 1, from, round);
                assertEquals(new Status(from, round, count), s, "round " + round);
                Object expected = Data.make(kind, count + 1, i -> i < count ? value(from, fr, i) : -1);
                Data.assertSlice(expected, in, "rank " + r + " round " + round + " from " + from);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void wildcardReceivesGetEachMessageOnceAndEachSendersInOrder(int np) {
        int perSender = 3000 / np;
        EmbeddedLauncher.run(np, w -> {
            if (w.rank() != 0) {
                List<Request> sends = new ArrayList<>();
                for (int i = 0; i < perSender; i++) {
                    // Bursts longer than a ring, with now and then a message too large for one.
                    long[] m = new long[i % 50 == 7 ? RING_ELEMENTS_OF_BYTES / 8 + 10 : 1 + i % 3];
                    m[0] = i;
                    sends.add(w.isend(m, 0, m.length, 0, i % 2));
                    if (i % 40 == 39) {
                        Request.waitAll(sends);
                        sends.clear();
                    }
                }
                Request.waitAll(sends);
            } else {
                long[] next = new long[np];
                long[] m = new long[RING_ELEMENTS_OF_BYTES];
                for (int n = 0; n < (np - 1) * perSender; n++) {
                    Status s = w.recv(m, 0, m.length, Comm.ANY_SOURCE, Comm.ANY_TAG);
                    assertEquals(next[s.source()], m[0], "message from rank " + s.source());
                    assertEquals(m[0] % 2, s.tag());
                    next[s.source()]++;
                }
                for (int src = 1; src < np; src++) {
                    assertEquals(perSender, next[src], "from rank " + src);
                }
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void oneSendersMessagesOfOneTagStayInOrderWhicheverWayEachTakes(int np) {
        EmbeddedLauncher.run(np, w -> {
            for (int round = 0; round < 200; round++) {
                if (w.rank() != 0) {
                    for (int i = 0; i < 24; i++) {
                        // Small ones go through the ring while rank 0 waits, large ones always through its lock.
                        int[] m = new int[i % 5 == 4 ? RING_ELEMENTS_OF_BYTES : 1 + i];
                        m[0] = i;
                        w.send(m, 0, m.length, 0, 3);
                    }
                } else {
                    int[] m = new int[RING_ELEMENTS_OF_BYTES];
                    for (int src = 1; src < np; src++) {
                        for (int i = 0; i < 24; i++) {
                            w.recv(m, 0, m.length, src, 3);
                            assertEquals(i, m[0], "round " + round + " from rank " + src);
                        }
                    }
                }
                w.barrier();
            }
        });
    }

    @Test
    void aMessageDrainedWhileWaitingForAnotherIsProbedThenReceived() {
        EmbeddedLauncher.run(2, w -> {
            for (int round = 0; round < 2000; round++) {
                if (w.rank() == 1) {
                    w.send(new double[] {round, 0.5}, 0, 2, 0, 5);
                    w.send(new int[] {round}, 0, 1, 0, 99);
                } else {
                    // This wait drains both; the first stays unexpected until received.
                    w.recv(new int[1], 0, 1, 1, 99);
                    Status st = w.iprobe(1, 5);
                    assertNotNull(st, "round " + round);
                    assertEquals(new Status(1, 5, 2), st);
                    assertEquals(st, w.probe(Comm.ANY_SOURCE, 5));
                    double[] d = new double[2];
                    w.recv(d, 0, 2, 1, 5);
                    assertEquals(round, d[0]);
                    assertEquals(0.5, d[1]);
                }
            }
        });
    }

    @Test
    void aCallbackCompletesFromTheWaitOfAnotherReceive() {
        EmbeddedLauncher.run(2, w -> {
            for (int round = 0; round < 2000; round++) {
                if (w.rank() == 1) {
                    w.send(new short[] {(short) round}, 0, 1, 0, 1);
                    w.send(new short[] {(short) -round}, 0, 1, 0, 2);
                } else {
                    short[] a = new short[1];
                    CompletableFuture<Status> f = w.irecv(a, 0, 1, 1, 1).toCompletableFuture();
                    w.recv(new short[1], 0, 1, 1, 2);
                    assertTrue(f.isDone(), "round " + round + ": the earlier message completed its receive");
                    assertEquals(new Status(1, 1, 1), f.join());
                    assertEquals((short) round, a[0]);
                }
            }
        });
    }

    @Test
    void aBlockingReceiveLeavesAnEarlierPostedReceiveItsMessage() {
        EmbeddedLauncher.run(2, w -> {
            for (int round = 0; round < 2000; round++) {
                if (w.rank() == 1) {
                    w.send(new long[] {round}, 0, 1, 0, 4);
                    w.send(new long[] {-round, 7}, 0, 2, 0, 4);
                } else {
                    long[] first = new long[2];
                    long[] second = new long[2];
                    Request r = w.irecv(first, 0, 2, 1, 4);
                    assertEquals(new Status(1, 4, 2), w.recv(second, 0, 2, 1, 4), "round " + round);
                    assertEquals(new Status(1, 4, 1), r.waitFor(), "round " + round);
                    assertEquals(round, first[0], "round " + round + ": the older receive gets the older message");
                    assertEquals(-round, second[0]);
                    assertEquals(7, second[1]);
                }
                w.barrier();
            }
        });
    }

    @Test
    void aBlockingReceiveForOneTagPassesOverAnOlderMessageOfAnother() {
        EmbeddedLauncher.run(2, w -> {
            for (int round = 0; round < 2000; round++) {
                if (w.rank() == 1) {
                    w.send(new float[] {round, 1}, 0, 2, 0, 1);
                    w.send(new float[] {round, 2, 2}, 0, 3, 0, 2);
                } else {
                    float[] f = new float[4];
                    assertEquals(new Status(1, 2, 3), w.recv(f, 0, 4, 1, 2), "round " + round);
                    assertEquals(2, f[1], "round " + round + ": the message of tag 2");
                    assertEquals(new Status(1, 1, 2), w.recv(f, 0, 4, 1, Comm.ANY_TAG), "round " + round);
                    assertEquals(1, f[1], "round " + round + ": then the message of tag 1");
                    assertEquals(round, f[0]);
                }
                w.barrier();
            }
        });
    }

    @Test
    void requestsTestedInALoopComplete() {
        EmbeddedLauncher.run(2, w -> {
            for (int round = 0; round < 2000; round++) {
                if (w.rank() == 1) {
                    w.recv(new int[1], 0, 1, 0, 7);
                    w.send(new char[] {'x', (char) round}, 0, 2, 0, 8);
                } else {
                    char[] c = new char[2];
                    Request r = w.irecv(c, 0, 2, 1, 8);
                    Request go = w.irecv(new int[1], 0, 1, 0, 9);
                    w.send(new int[] {round}, 0, 1, 1, 7);
                    while (!r.test()) {
                        Thread.onSpinWait();
                    }
                    assertEquals((char) round, c[1]);
                    assertFalse(go.test());
                    w.send(new int[1], 0, 1, 0, 9);
                    go.waitFor();
                }
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void threadsOfOneRankReceiveAndSendAtOnce(int np) {
        int perThread = 4000;
        EmbeddedLauncher.run(np, w -> {
            int r = w.rank();
            int to = (r + 1) % np;
            int from = (r - 1 + np) % np;
            AtomicReference<Throwable> failed = new AtomicReference<>();
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                int tag = t;
                Thread th = new Thread(() -> {
                    try {
                        float[] in = new float[2];
                        for (int i = 0; i < perThread; i++) {
                            Request rq = w.irecv(in, 0, 2, from, tag);
                            w.send(new float[] {i, tag}, 0, 2, to, tag);
                            rq.waitFor();
                            assertEquals(i, in[0]);
                            assertEquals(tag, in[1]);
                        }
                    } catch (Throwable e) {
                        failed.compareAndSet(null, e);
                    }
                }, "rank-" + r + "-thread-" + t);
                threads.add(th);
                th.start();
            }
            for (Thread th : threads) {
                try {
                    th.join();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            if (failed.get() != null) {
                throw new AssertionError("rank " + r, failed.get());
            }
        });
    }

    @Test
    void aParkedReceiverIsServedBySender() {
        EmbeddedLauncher.run(2, w -> {
            for (int round = 0; round < 3; round++) {
                if (w.rank() == 1) {
                    try {
                        Thread.sleep(300);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    w.send(new boolean[] {true, round == 1}, 0, 2, 0, 4);
                } else {
                    boolean[] b = new boolean[2];
                    w.recv(b, 0, 2, 1, 4);
                    assertTrue(b[0]);
                    assertEquals(round == 1, b[1]);
                }
            }
        });
    }

    @Test
    void anInterruptEndsAPollingWait() {
        EmbeddedLauncher.run(2, w -> {
            if (w.rank() == 0) {
                Thread me = Thread.currentThread();
                Thread interrupter = new Thread(() -> {
                    try {
                        Thread.sleep(200);
                    } catch (InterruptedException e) {
                        return;
                    }
                    me.interrupt();
                });
                interrupter.start();
                CommInterruptedException e = assertThrows(CommInterruptedException.class,
                        () -> w.recv(new int[1], 0, 1, 1, 6));
                assertTrue(Thread.interrupted());
                assertTrue(e.getMessage().contains("interrupted while waiting"), e.getMessage());
                w.send(new int[1], 0, 1, 1, 7);
            } else {
                w.recv(new int[1], 0, 1, 0, 7);
            }
        });
    }

    @Test
    void whatAnEndedRankQueuedIsReceivedAndNothingMoreIsAwaited() {
        EmbeddedLauncher.run(2, w -> {
            if (w.rank() == 1) {
                w.send(new byte[] {42}, 0, 1, 0, 2);
                w.send(new byte[] {43}, 0, 1, 0, 1);
            } else {
                byte[] b = new byte[1];
                w.recv(b, 0, 1, 1, 1);
                assertEquals(43, b[0]);
                w.recv(b, 0, 1, 1, 2);
                assertEquals(42, b[0]);
                CommException e = assertThrows(CommException.class, () -> w.recv(b, 0, 1, 1, 3));
                assertTrue(e.getMessage().contains("rank 1 ended without sending"), e.getMessage());
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void aRankThatFailsEndsThePollingWaitsOfTheOthers(int np) {
        JobFailedException e = assertThrows(JobFailedException.class, () -> EmbeddedLauncher.run(np, w -> {
            int r = w.rank();
            for (int i = 0; i < 500; i++) {
                if (r == np - 1 && i == 250) {
                    throw new IllegalStateException("rank " + r + " gives up");
                }
                w.sendrecv(new int[] {i}, 0, 1, (r + 1) % np, 0, new int[1], 0, 1, (r - 1 + np) % np, 0);
            }
        }));
        assertEquals(np - 1, e.rank());
        assertInstanceOf(IllegalStateException.class, e.getCause());
    }
}
