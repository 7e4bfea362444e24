package org.jomp.msg.coll;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.jomp.msg.Comm;
import org.jomp.msg.Op;

/**
 * A rank JVM of a socket job that runs the collectives host memory carries (broadcast, small broadcasts through its
 * ring, allgather, allreduce) on
 * every primitive type, from every root, at offsets, in place and not, in the world and in a communicator of all
 * ranks but rank 0, and checks each result against values every rank computes. Run with a small
 * {@code -Djomp.msg.hostSlotBytes}, so that data crosses many rounds. Prints what
 * {@link HostMemoryJoin} logs ({@code log: ...}), then {@code rank r ok}; a wrong value throws, and the JVM exits
 * non-zero.
 */
public final class HostCollectivesApp {
    private static final int[] COUNTS = {700, 5_003};
    /** Small broadcasts in a row: about 5 times round the ring ({@link #smallBroadcasts}). */
    private static final int SMALL_BCASTS = 3_000;
    /** Hexadecimal digits one after the other: associative, not commutative (rank order shows). */
    private static final Op CONCAT = Op.ofLongs((a, b) -> a << 4 * hexDigits(b) | b, false);
    private static final Logger JOIN_LOG = Logger.getLogger(HostMemoryJoin.class.getName());

    private HostCollectivesApp() {
    }

    public static void main(String[] args) throws Exception {
        JOIN_LOG.setLevel(Level.FINE);
        JOIN_LOG.addHandler(new Handler() {
            @Override
            public void publish(LogRecord record) {
                System.out.println("log: " + record.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
        Comm w = Comm.init(args);
        checkAll(w, "world");
        Comm rest = w.split(w.rank() == 0 ? Comm.UNDEFINED : 1, w.rank());
        if (rest != null) {
            checkAll(rest, "ranks 1 and up");
        }
        System.out.println("rank " + w.rank() + " ok");
    }

    private static void checkAll(Comm c, String which) {
        smallBroadcasts(c, which);
        for (int count : COUNTS) {
            for (int root = 0; root < c.size(); root++) {
                bcast(c, which, count, root);
            }
            allgather(c, which, count);
            allreduce(c, which, count);
        }
    }

    private static int hexDigits(long v) {
        return (67 - Long.numberOfLeadingZeros(v)) / 4;
    }

    /** The value of element {@code i} of rank {@code r}'s data. */
    private static int value(int r, int i) {
        return r * 31 + i % 97 + 1;
    }

    private static void bcast(Comm c, String which, int count, int root) {
        int r = c.rank();
        double[] d = new double[count + 2];
        int[] ints = new int[count + 2];
        char[] chars = new char[count + 2];
        ByteBuffer direct = ByteBuffer.allocateDirect(count + 2);
        Arrays.fill(d, -1);
        Arrays.fill(ints, -1);
        Arrays.fill(chars, 'x');
        if (r == root) {
            for (int i = 0; i < count; i++) {
                d[i + 1] = value(root, i) + 0.25;
                ints[i + 1] = value(root, i);
                chars[i + 1] = (char) value(root, i);
                direct.put(i + 1, (byte) value(root, i));
            }
        }
        c.bcast(d, 1, count, root);
        c.bcast(ints, 1, count, root);
        c.bcast(chars, 1, count, root);
        c.bcast(direct, 1, count, root);
        String what = which + ": bcast of " + count + " from " + root + " on rank " + r;
        for (int i = 0; i < count; i++) {
            expect(d[i + 1] == value(root, i) + 0.25 && ints[i + 1] == value(root, i)
                    && chars[i + 1] == (char) value(root, i) && direct.get(i + 1) == (byte) value(root, i),
                    what + ", element " + i);
        }
        expect(d[0] == -1 && d[count + 1] == -1 && ints[0] == -1 && chars[count + 1] == 'x',
                what + " wrote outside its slice");
    }

    /**
     * Back-to-back small broadcasts ({@link HostRingBroadcast}), from roots in turn, of 0 to 128 longs or 0 to 1024
     * bytes in turn: enough to go round the ring several times, and to reach its end with messages of every length.
     * Nothing waits between them, so a root runs ahead of its readers as far as the ring lets it.
     */
    private static void smallBroadcasts(Comm c, String which) {
        int r = c.rank();
        long[] longs = new long[HostRingBroadcast.MOST_BYTES / 8 + 2];
        byte[] bytes = new byte[HostRingBroadcast.MOST_BYTES + 2];
        for (int k = 0; k < SMALL_BCASTS; k++) {
            int root = k % c.size();
            boolean ofLongs = k % 2 == 0;
            int count = ofLongs ? k % (longs.length - 1) : k * 7 % (bytes.length - 1);
            Arrays.fill(longs, -1);
            Arrays.fill(bytes, (byte) -1);
            for (int i = 0; r == root && i < count; i++) {
                if (ofLongs) {
                    longs[i + 1] = (long) k << 20 | i;
                } else {
                    bytes[i + 1] = (byte) (k + i);
                }
            }
            if (ofLongs) {
                c.bcast(longs, 1, count, root);
            } else {
                c.bcast(bytes, 1, count, root);
            }
            String what = which + ": small bcast " + k + " of " + count + " from " + root + " on rank " + r;
            for (int i = 0; i < count; i++) {
                expect(ofLongs ? longs[i + 1] == ((long) k << 20 | i) : bytes[i + 1] == (byte) (k + i),
                        what + ", element " + i);
            }
            int end = count + 1;
            expect(longs[0] == -1 && bytes[0] == -1 && (ofLongs ? longs[end] == -1 : bytes[end] == -1),
                    what + " wrote outside its slice");
        }
    }

    private static void allgather(Comm c, String which, int count) {
        int n = c.size();
        int r = c.rank();
        long[] mine = new long[count + 1];
        float[] minef = new float[count];
        short[] mines = new short[count];
        byte[] mineb = new byte[count];
        boolean[] minez = new boolean[count];
        for (int i = 0; i < count; i++) {
            minez[i] = value(r, i) % 3 == 0;
            mine[i + 1] = value(r, i);
            minef[i] = value(r, i) + 0.5f;
            mines[i] = (short) value(r, i);
            mineb[i] = (byte) value(r, i);
        }
        long[] all = new long[n * count + 4];
        Arrays.fill(all, -1);
        float[] allf = new float[n * count];
        short[] alls = new short[n * count];
        ByteBuffer allb = ByteBuffer.allocateDirect(n * count);
        boolean[] allz = new boolean[n * count];
        c.allgather(mine, 1, all, 3, count);
        c.allgather(minef, 0, allf, 0, count);
        c.allgather(mines, 0, alls, 0, count);
        c.allgather(mineb, 0, allb, 0, count);
        c.allgather(minez, 0, allz, 0, count);
        String what = which + ": allgather of " + count + " on rank " + r;
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < count; i++) {
                int at = j * count + i;
                expect(all[3 + at] == value(j, i) && allf[at] == value(j, i) + 0.5f
                        && alls[at] == (short) value(j, i) && allb.get(at) == (byte) value(j, i)
                        && allz[at] == (value(j, i) % 3 == 0),
                        what + ", block " + j + " element " + i);
            }
        }
        expect(all[2] == -1 && all[n * count + 3] == -1, what + " wrote outside its slice");
    }

    private static void allreduce(Comm c, String which, int count) {
        int n = c.size();
        int r = c.rank();
        double[] x = new double[count + 2];
        int[] y = new int[count];
        long[] order = new long[count];
        for (int i = 0; i < count; i++) {
            x[i + 1] = value(r, i) * 0.5;
            y[i] = value(r, i);
            order[i] = r + 1;
        }
        double[] sum = new double[count + 2];
        Arrays.fill(sum, -1);
        c.allreduce(x, 1, sum, 1, count, Op.SUM);
        c.allreduce(y, 0, y, 0, count, Op.MAX);
        long[] joined = new long[count];
        c.allreduce(order, 0, joined, 0, count, CONCAT);
        long inOrder = 0;
        for (int j = 0; j < n; j++) {
            inOrder = inOrder << 4 | j + 1;
        }
        String what = which + ": allreduce of " + count + " on rank " + r;
        for (int i = 0; i < count; i++) {
            double s = 0;
            for (int j = n - 1; j >= 0; j--) {
                s = value(j, i) * 0.5 + s;
            }
            expect(sum[i + 1] == s, what + ", SUM element " + i + ": " + sum[i + 1] + " against " + s);
            expect(y[i] == value(n - 1, i), what + " in place, MAX element " + i + ": " + y[i]);
            expect(joined[i] == inOrder, what + ", element " + i + " not combined in rank order: "
                    + Long.toHexString(joined[i]));
        }
        expect(sum[0] == -1 && sum[count + 1] == -1, what + " wrote outside its slice");
    }

    private static void expect(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
