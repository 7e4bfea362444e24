package org.jomp.msg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PointToPointTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void byteBuffersTravelAtEverySizeToAndFromArrays(int np) {
        EmbeddedLauncher.run(np, w -> assertTrue(ByteBufferMessages.exchange(w) > 0));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void ringExchangeDeliversEachNeighboursData(int np) {
        EmbeddedLauncher.run(np, w -> {
            int r = w.rank();
            int n = w.size();
            assertEquals(np, n);
            int[] out = {r * 10, r * 10 + 1};
            int[] in = new int[2];
            Status s = w.sendrecv(out, 0, 2, (r + 1) % n, 7, in, 0, 2, (r - 1 + n) % n, 7);
            int left = (r - 1 + n) % n;
            assertArrayEquals(new int[] {left * 10, left * 10 + 1}, in);
            assertEquals(new Status(left, 7, 2), s);
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 8})
    void messagesOfOneSourceAndTagArriveInOrderWhateverTheirSize(int np) {
        EmbeddedLauncher.run(np, w -> {
            int[] sizes = {1, 100_000, 3, 50_000, 0, 9};
            if (w.rank() != 0) {
                List<Request> sends = new ArrayList<>();
                for (int i = 0; i < sizes.length; i++) {
                    long[] m = new long[sizes[i] + 1];
                    m[0] = i;
                    sends.add(w.isend(m, 0, m.length, 0, 3));
                }
                Request.waitAll(sends);
            } else {
                for (int src = 1; src < w.size(); src++) {
                    for (int i = 0; i < sizes.length; i++) {
                        long[] m = new long[100_001];
                        Status s = w.recv(m, 0, m.length, src, 3);
                        assertEquals(i, m[0], "message " + i + " from rank " + src);
                        assertEquals(sizes[i] + 1, s.count());
                    }
                }
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8})
    void wildcardsReceiveFromEveryoneAndReportSourceTagAndCount(int np) {
        EmbeddedLauncher.run(np, w -> {
            if (w.rank() == 0) {
                Set<Integer> seen = new HashSet<>();
                for (int i = 1; i < w.size(); i++) {
                    double[] buf = new double[16];
                    Status s = w.recv(buf, 0, 16, Comm.ANY_SOURCE, Comm.ANY_TAG);
                    assertEquals(s.source() + 100, s.tag());
                    assertEquals(s.source(), s.count());
                    assertEquals(s.source(), (int) buf[0]);
                    seen.add(s.source());
                }
                assertEquals(w.size() - 1, seen.size());
            } else {
                double[] m = new double[w.rank()];
                m[0] = w.rank();
                w.send(m, 0, m.length, 0, 100 + w.rank());
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void probeShowsAMessageWithoutReceivingIt(int np) {
        EmbeddedLauncher.run(np, w -> {
            if (w.rank() == 1) {
                w.send(new char[] {'a', 'b', 'c'}, 0, 3, 0, 4);
                w.send(new byte[1], 0, 1, 0, 9);
            } else if (w.rank() == 0) {
                Status s = w.probe(1, 4);
                assertEquals(new Status(1, 4, 3), s);
                assertEquals(s, w.iprobe(Comm.ANY_SOURCE, 4));
                assertNull(w.iprobe(1, 5));
                char[] c = new char[s.count()];
                w.recv(c, 0, c.length, 1, 4);
                assertArrayEquals("abc".toCharArray(), c);
                assertEquals(9, w.probe(Comm.ANY_SOURCE, Comm.ANY_TAG).tag());
                w.recv(new byte[1], 0, 1, 1, 9);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void nonblockingRequestsCompleteThroughWaitAnyTestAndFutures(int np) {
        EmbeddedLauncher.run(np, w -> {
            int n = w.size();
            if (w.rank() == 0) {
                Request[] rs = new Request[n - 1];
                int[][] bufs = new int[n - 1][1];
                for (int i = 1; i < n; i++) {
                    rs[i - 1] = w.irecv(bufs[i - 1], 0, 1, i, 0);
                }
                assertFalse(rs[0].test(), "nothing has been sent yet");
                w.barrier();
                for (int done = 0; done < n - 1; done++) {
                    int k = Request.waitAny(rs);
                    assertEquals((k + 1) * 3, bufs[k][0]);
                    rs[k] = null;
                }
                CompletableFuture<Status> f = w.irecv(new int[1], 0, 1, 1, 5).toCompletableFuture();
                w.send(new int[] {1}, 0, 1, 1, 6);
                assertEquals(1, f.get(10, TimeUnit.SECONDS).source());
            } else {
                w.barrier();
                w.send(new int[] {w.rank() * 3}, 0, 1, 0, 0);
                if (w.rank() == 1) {
                    w.recv(new int[1], 0, 1, 0, 6);
                    Request r = w.isend(new int[] {2}, 0, 1, 0, 5);
                    assertNull(r.waitFor());
                }
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2})
    void everyPrimitiveTypeTravelsUnchanged(int np) {
        EmbeddedLauncher.run(np, w -> {
            Object[] samples = {
                new boolean[] {true, false, true}, new byte[] {1, -2, 3}, new char[] {'x', 'y', '\uffff'},
                new short[] {-5, 6, 7}, new int[] {Integer.MIN_VALUE, 0, 9}, new long[] {Long.MAX_VALUE, -1, 2},
                new float[] {1.5f, Float.NaN, -0f}, new double[] {Math.PI, -1e300, Double.MIN_VALUE}};
            for (int i = 0; i < samples.length; i++) {
                Object s = samples[i];
                if (w.rank() == 0) {
                    w.send(s, 1, 2, 1, i);
                } else {
                    Object got = org.jomp.msg.coll.Slices.allocate(s, 3);
                    Status st = w.recv(got, 1, 2, 0, i);
                    assertEquals(2, st.count());
                    Object expected = org.jomp.msg.coll.Slices.allocate(s, 3);
                    System.arraycopy(s, 1, expected, 1, 2);
                    assertTrue(java.util.Objects.deepEquals(expected, got), "type " + s.getClass().getSimpleName());
                }
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void objectsAreDeepCopiesTakenAtSendTime(int np) {
        EmbeddedLauncher.run(np, w -> {
            if (w.rank() == 0) {
                List<int[]> shared = new ArrayList<>(List.of(new int[] {1, 2}));
                w.sendObject(shared, 1, 0);
                shared.get(0)[0] = 42;
                w.sendObject(shared, 1, 1);
                w.sendObject(null, 1, 2);
            } else if (w.rank() == 1) {
                List<int[]> first = w.recvObject(0, 0);
                List<int[]> second = w.recvObject(0, 1);
                assertEquals(1, first.get(0)[0]);
                assertEquals(42, second.get(0)[0]);
                assertNotSame(first.get(0), second.get(0));
                Request r = w.irecvObject(0, Comm.ANY_TAG);
                assertNull(r.object());
                assertEquals(2, r.status().tag());
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2})
    void largeMessagesGoThroughTheRendezvousIntact(int np) {
        EmbeddedLauncher.run(np, w -> {
            int n = 1 << 20;
            double[] a = new double[n];
            if (w.rank() == 0) {
                for (int i = 0; i < n; i++) a[i] = i * 0.5;
                Request r = w.isend(a, 0, n, 1, 0);
                w.send(a, 0, 10, 1, 1);
                r.waitFor();
            } else {
                double[] small = new double[10];
                w.recv(small, 0, 10, 0, 1);
                w.recv(a, 0, n, 0, 0);
                for (int i = 0; i < n; i += 4093) assertEquals(i * 0.5, a[i]);
                assertEquals((n - 1) * 0.5, a[n - 1]);
                assertEquals(4.5, small[9]);
            }
        });
    }

    /**
     * Messages of many copy chunks between thread ranks, posted receive first (the sender copies) and send first
     * (the receiver copies out of the waiting sender's array), so that the other end may share the copy.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void largeSlicesArriveWholeWhicheverEndCopies(int np) {
        EmbeddedLauncher.run(np, w -> {
            int r = w.rank();
            int n = w.size();
            int right = (r + 1) % n;
            int left = (r - 1 + n) % n;
            int count = 300_001;
            double[] out = new double[count + 7];
            for (int i = 0; i < out.length; i++) {
                out[i] = r * 1e6 + i;
            }
            for (boolean receiveFirst : new boolean[] {true, false}) {
                double[] in = new double[count + 11];
                if (receiveFirst) {
                    Request recv = w.irecv(in, 11, count, left, 5);
                    w.barrier();
                    w.send(out, 7, count, right, 5);
                    recv.waitFor();
                } else {
                    Request send = w.isend(out, 7, count, right, 5);
                    w.barrier();
                    w.recv(in, 11, count, left, 5);
                    send.waitFor();
                }
                int wrong = -1;
                for (int i = 0; i < in.length && wrong < 0; i++) {
                    double expected = i < 11 || i >= 11 + count ? 0 : left * 1e6 + 7 + (i - 11);
                    if (in[i] != expected) {
                        wrong = i;
                    }
                }
                assertEquals(-1, wrong, "rank " + r + ", receive first " + receiveFirst + ": first wrong element");
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void aRankCanSendToItself(int np) {
        EmbeddedLauncher.run(np, w -> {
            Request r = w.irecv(new int[1], 0, 1, w.rank(), 0);
            w.send(new int[] {w.rank()}, 0, 1, w.rank(), 0);
            assertNotNull(r.waitFor());
        });
    }
}
