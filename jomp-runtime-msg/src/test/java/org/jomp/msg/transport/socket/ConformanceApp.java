package org.jomp.msg.transport.socket;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.jomp.msg.ByteBufferMessages;
import org.jomp.msg.Comm;
import org.jomp.msg.CommException;
import org.jomp.msg.Op;
import org.jomp.msg.Request;
import org.jomp.msg.Status;

/**
 * One rank of the socket conformance job: many checks of point-to-point and collectives in one run, so that the
 * test starts few JVMs. Every result is compared with the value computed independently from the ranks' inputs; a
 * mismatch throws (the rank exits with status 1 and the job fails). Prints "rank R passed N checks" at the end.
 * Run with {@code -Djomp.msg.serialAllow=org.jomp.msg.transport.socket.ConformanceApp$Point}: the
 * {@link Gadget} class is left out on purpose.
 */
public final class ConformanceApp {
    /** A user type on the allow-list. */
    record Point(int x, double y) implements Serializable {
    }

    /** A user type that is not on the allow-list: receiving it must fail, naming it. */
    record Gadget(String command) implements Serializable {
    }

    /** Per rank: in a hybrid job ranks are threads of one JVM, and org.jomp.msg classes are not loaded per rank. */
    private static final ThreadLocal<int[]> CHECKS = ThreadLocal.withInitial(() -> new int[1]);

    private ConformanceApp() {
    }

    public static void main(String[] args) throws Exception {
        Comm w = Comm.init(args);
        int r = w.rank();
        int n = w.size();
        check(n == Integer.parseInt(args[0]), "size " + n + " but the job was started with " + args[0]);
        pointToPoint(w, r, n);
        largeMessages(w, r, n);
        CHECKS.get()[0] += ByteBufferMessages.exchange(w);
        CHECKS.get()[0] += ByteBufferMessages.collectives(w);
        ordering(w, r, n);
        wildcardsAndProbe(w, r, n);
        objects(w, r, n);
        collectives(w, r, n);
        w.barrier();
        System.out.println("rank " + r + " of " + n + " on " + w.processorName() + " passed " + CHECKS.get()[0]
                + " checks");
    }

    private static void pointToPoint(Comm w, int r, int n) {
        int next = (r + 1) % n;
        int prev = (r + n - 1) % n;
        int[] got = new int[3];
        Status s = w.sendrecv(new int[] {r, r * 10, r * 100}, 0, 3, next, 5, got, 0, 3, prev, 5);
        check(Arrays.equals(got, new int[] {prev, prev * 10, prev * 100}) && s.source() == prev && s.count() == 3,
                "sendrecv ring got " + Arrays.toString(got) + " " + s);
        // Every primitive type, every pair, eager sizes, offsets inside the arrays.
        List<Request> sends = new ArrayList<>();
        for (int d = 0; d < n; d++) {
            sends.add(w.isend(new byte[] {9, (byte) r, (byte) d}, 1, 2, d, 1));
            sends.add(w.isend(new short[] {(short) (r * 3), (short) d}, 0, 2, d, 2));
            sends.add(w.isend(new char[] {(char) ('a' + r), (char) ('a' + d)}, 0, 2, d, 3));
            sends.add(w.isend(new long[] {1L << 40 | r, d}, 0, 2, d, 4));
            sends.add(w.isend(new float[] {r + 0.5f, d}, 0, 2, d, 6));
            sends.add(w.isend(new double[] {r + 0.25, d}, 0, 2, d, 7));
            sends.add(w.isend(new boolean[] {r % 2 == 0, true, false}, 0, 3, d, 8));
        }
        for (int src = 0; src < n; src++) {
            byte[] b = new byte[4];
            w.recv(b, 2, 2, src, 1);
            short[] sh = new short[2];
            w.recv(sh, 0, 2, src, 2);
            char[] c = new char[2];
            w.recv(c, 0, 2, src, 3);
            long[] l = new long[2];
            w.recv(l, 0, 2, src, 4);
            float[] f = new float[2];
            w.recv(f, 0, 2, src, 6);
            double[] dd = new double[2];
            w.recv(dd, 0, 2, src, 7);
            boolean[] bo = new boolean[3];
            w.recv(bo, 0, 3, src, 8);
            check(b[2] == src && b[3] == r && sh[0] == src * 3 && sh[1] == r && c[0] == 'a' + src && c[1] == 'a' + r
                    && l[0] == (1L << 40 | src) && l[1] == r && f[0] == src + 0.5f && dd[0] == src + 0.25
                    && bo[0] == (src % 2 == 0) && bo[1] && !bo[2], "typed messages from rank " + src);
        }
        Request.waitAll(sends);
    }

    /** Rendezvous: all pairs exchange large messages at once in both directions, posted and unexpected. */
    private static void largeMessages(Comm w, int r, int n) throws InterruptedException {
        int len = 300_000;
        List<Request> reqs = new ArrayList<>();
        double[][] in = new double[n][len];
        for (int p = 0; p < n; p++) {
            reqs.add(w.irecv(in[p], 0, len, p, 11));
        }
        for (int p = 0; p < n; p++) {
            double[] out = new double[len];
            Arrays.setAll(out, i -> r * 1e6 + i);
            reqs.add(w.isend(out, 0, len, p, 11));
        }
        Request.waitAll(reqs);
        for (int p = 0; p < n; p++) {
            check(in[p][0] == p * 1e6 && in[p][len - 1] == p * 1e6 + len - 1, "large message from rank " + p);
        }
        // Unexpected: the sends go first, the receives come later.
        long[] big = new long[200_000];
        Arrays.fill(big, r);
        Request s = w.isend(big, 0, big.length, (r + 1) % n, 12);
        Thread.sleep(100);
        long[] into = new long[big.length + 10];
        w.recv(into, 10, big.length, (r + n - 1) % n, 12);
        s.waitFor();
        check(into[10] == (r + n - 1) % n && into[into.length - 1] == (r + n - 1) % n && into[0] == 0,
                "unexpected large message");
    }

    /** Messages from one rank on one tag arrive in the order sent, whatever their sizes. */
    private static void ordering(Comm w, int r, int n) {
        int next = (r + 1) % n;
        int prev = (r + n - 1) % n;
        List<Request> sends = new ArrayList<>();
        int[] sizes = {1, 100_000, 3, 40_000, 1, 0, 70_000};
        for (int k = 0; k < sizes.length; k++) {
            int[] m = new int[Math.max(1, sizes[k])];
            Arrays.fill(m, k);
            sends.add(w.isend(m, 0, sizes[k], next, 21));
        }
        for (int k = 0; k < sizes.length; k++) {
            int[] m = new int[100_000];
            Status s = w.recv(m, 0, m.length, prev, 21);
            check(s.count() == sizes[k] && (sizes[k] == 0 || m[sizes[k] - 1] == k), "message " + k + " in order");
        }
        Request.waitAll(sends);
    }

    private static void wildcardsAndProbe(Comm w, int r, int n) {
        if (r == 0) {
            boolean[] seen = new boolean[n];
            for (int k = 1; k < n; k++) {
                Status p = w.probe(Comm.ANY_SOURCE, 31);
                check(p.count() == p.source() + 5, "probe count " + p);
                int[] m = new int[32];
                // ANY_TAG from the probed source: its first message is tag 31 (per-pair order), while a wildcard
                // source could match a faster rank's message of the next check.
                Status s = w.recv(m, 0, 32, p.source(), Comm.ANY_TAG);
                check(m[0] == s.source() && s.tag() == 31 && !seen[s.source()], "ANY_SOURCE message " + s);
                seen[s.source()] = true;
            }
        } else {
            int[] m = new int[r + 5];
            m[0] = r;
            w.send(m, 0, m.length, 0, 31);
        }
    }

    private static void objects(Comm w, int r, int n) {
        Map<String, List<Point>> value = new HashMap<>();
        value.put("r" + r, List.of(new Point(r, r / 2.0)));
        w.sendObject(value, (r + 1) % n, 41);
        Map<String, List<Point>> got = w.recvObject((r + n - 1) % n, 41);
        int prev = (r + n - 1) % n;
        check(got.get("r" + prev).get(0).equals(new Point(prev, prev / 2.0)), "object message " + got);
        int[] bigArray = new int[50_000];
        Arrays.fill(bigArray, 7);
        int[] back = w.bcastObject(r == n - 1 ? bigArray : null, n - 1);
        check(back.length == 50_000 && back[49_999] == 7, "large bcastObject");
        List<Point> all = w.allgatherObjects(new Point(r, 0));
        for (int p = 0; p < n; p++) {
            check(all.get(p).x() == p, "allgatherObjects " + all);
        }
        if (n > 1) {
            if (r == 0) {
                w.sendObject(new Gadget("rm -rf"), 1, 42);
            } else if (r == 1) {
                try {
                    Object o = w.recvObject(0, 42);
                    check(false, "a Gadget was deserialised: " + o);
                } catch (CommException e) {
                    check(e.getMessage().contains("ConformanceApp$Gadget") && e.getMessage().contains("not allowed"),
                            "forbidden class error names it: " + e.getMessage());
                    System.out.println("rank 1 rejected a forbidden class: " + e.getMessage());
                }
            }
        }
    }

    private static void collectives(Comm w, int r, int n) {
        w.barrier();
        int root = n - 1;
        double[] b = new double[200_000];
        if (r == root) {
            Arrays.setAll(b, i -> i * 0.5);
        }
        w.bcast(b, 0, b.length, root);
        check(b[199_999] == 199_999 * 0.5, "large bcast");
        long[] x = new long[100_000];
        Arrays.setAll(x, i -> i + r);
        long[] sum = new long[x.length];
        w.allreduce(x, 0, sum, 0, x.length, Op.SUM);
        long ranks = (long) n * (n - 1) / 2;
        check(sum[0] == ranks && sum[99_999] == 99_999L * n + ranks, "large allreduce " + sum[0]);
        check(w.allreduce(r + 1.0, Op.MAX) == n, "scalar allreduce max");
        int[] mine = {r, -r};
        int[] gathered = new int[2 * n];
        w.allgather(mine, 0, gathered, 0, 2);
        for (int p = 0; p < n; p++) {
            check(gathered[2 * p] == p && gathered[2 * p + 1] == -p, "allgather " + Arrays.toString(gathered));
        }
        int[] toAll = new int[n];
        Arrays.setAll(toAll, d -> r * 100 + d);
        int[] fromAll = new int[n];
        w.alltoall(toAll, 0, fromAll, 0, 1);
        for (int p = 0; p < n; p++) {
            check(fromAll[p] == p * 100 + r, "alltoall " + Arrays.toString(fromAll));
        }
        int[] part = new int[1];
        int[] whole = new int[n];
        Arrays.setAll(whole, i -> i * i);
        w.scatter(whole, 0, part, 0, 1, 0);
        check(part[0] == r * r, "scatter " + part[0]);
        int[] back = new int[n];
        w.gather(part, 0, back, 0, 1, 0);
        check(r != 0 || Arrays.equals(back, whole), "gather " + Arrays.toString(back));
        int[] prefix = new int[1];
        w.scan(new int[] {r + 1}, 0, prefix, 0, 1, Op.SUM);
        check(prefix[0] == (r + 1) * (r + 2) / 2, "scan " + prefix[0]);
        int[] counts = new int[n];
        Arrays.fill(counts, 2);
        int[] contrib = new int[2 * n];
        Arrays.fill(contrib, r);
        int[] mineOfSum = new int[2];
        w.reduceScatter(contrib, 0, mineOfSum, 0, counts, Op.SUM);
        check(mineOfSum[0] == n * (n - 1) / 2 && mineOfSum[1] == mineOfSum[0], "reduceScatter");
        Comm half = w.split(r % 2, -r);
        int halfSize = (n + 1 - r % 2) / 2;
        check(half.size() == halfSize && half.allreduce(1, Op.SUM) == halfSize, "split " + half.size());
        // Neighbour pairs: in a hybrid job of 2 ranks per JVM each pair is one JVM, whose collectives run in shared
        // memory while the world's run over sockets.
        Comm pair = w.split(r / 2, r);
        int pairSum = r / 2 * 2 + Math.min(n - 1, r / 2 * 2 + 1);
        double[] pairBuf = {r, 2.0 * r};
        pair.allreduce(pairBuf, 0, pairBuf, 0, 2, Op.SUM);
        pair.barrier();
        int[] rootOfPair = {r};
        pair.bcast(rootOfPair, 0, 1, 0);
        check(pairBuf[0] == (pair.size() == 1 ? r : pairSum) && pairBuf[1] == 2 * pairBuf[0]
                && rootOfPair[0] == r / 2 * 2, "pair " + Arrays.toString(pairBuf) + " root " + rootOfPair[0]);
    }

    private static void check(boolean ok, String what) {
        int checks = ++CHECKS.get()[0];
        if (!ok) {
            throw new AssertionError("check " + checks + " failed: " + what);
        }
    }
}
