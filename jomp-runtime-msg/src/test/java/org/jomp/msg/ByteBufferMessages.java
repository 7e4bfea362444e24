package org.jomp.msg;

import java.nio.ByteBuffer;

/**
 * Point-to-point messages and collectives in {@link ByteBuffer}s, run by every rank of a job on any transport: direct
 * and heap buffers, to and from byte arrays, at every size a transport treats apart (packed in a ring slot, spilled,
 * eager, rendezvous over several fragments), posted before and after the data arrives, at offsets inside the buffers.
 * Every received byte is compared with the value its sender wrote; the buffers' positions and limits must not move.
 */
public final class ByteBufferMessages {
    /** Sizes in bytes: a ring slot's words, a ring's spill, an eager message, rendezvous of one and of many pieces. */
    static final int[] SIZES = {0, 5, 200, 40_000, 700_000, 3_000_000};
    private static final int OFFSET = 3;

    private ByteBufferMessages() {
    }

    /** Runs every exchange between each rank and its neighbours; returns the number of checks made. */
    public static int exchange(Comm w) throws InterruptedException {
        int r = w.rank();
        int n = w.size();
        int next = (r + 1) % n;
        int prev = (r + n - 1) % n;
        int checks = 0;
        for (int size : SIZES) {
            for (Kind from : Kind.values()) {
                for (Kind to : Kind.values()) {
                    int tag = 100 + from.ordinal() * 3 + to.ordinal();
                    Object out = from.filled(r, size);
                    Object in = to.empty(size);
                    Status s;
                    if (size <= 200) {
                        // Blocking calls: the fast paths (a ring slot between thread ranks, a direct eager write).
                        w.send(out, OFFSET, size, next, tag);
                        s = w.recv(in, OFFSET, size, prev, tag);
                    } else {
                        boolean posted = (from.ordinal() + to.ordinal()) % 2 == 0;
                        Request receive = posted ? w.irecv(in, OFFSET, size, prev, tag) : null;
                        Request send = w.isend(out, OFFSET, size, next, tag);
                        if (!posted) {
                            // The message arrives before its receive: kept (eager) or announced (rendezvous).
                            Thread.sleep(5);
                            receive = w.irecv(in, OFFSET, size, prev, tag);
                        }
                        s = receive.waitFor();
                        send.waitFor();
                    }
                    String what = size + " bytes from a " + from + " into a " + to + " on rank " + r;
                    check(s.count() == size && s.source() == prev, what + ": status " + s);
                    // The guard bytes either side of the slice, but the last, beyond a buffer's limit.
                    for (int i = -OFFSET; i < size + OFFSET - 1; i++) {
                        byte expected = i < 0 || i >= size ? 0 : value(prev, i);
                        byte got = to.get(in, OFFSET + i);
                        if (got != expected) {
                            check(false, what + ": byte " + i + " is " + got + ", sent " + expected);
                        }
                    }
                    checks += 2 + from.untouched(out, "sent " + what) + to.untouched(in, "received " + what);
                }
            }
        }
        // A large message that does not fit: the receive fails naming both sizes, and the pair goes on.
        Request big = w.isend(Kind.DIRECT.filled(r, 100_000), OFFSET, 100_000, next, 8);
        ByteBuffer small = Kind.DIRECT.empty(50_000);
        try {
            w.recv(small, OFFSET, 50_000, prev, 8);
            check(false, "100000 bytes were received into 50000 on rank " + r);
        } catch (CommException e) {
            check(e.getMessage().contains("message of 100000 byte from rank " + prev + " tag 8 does not fit the"
                    + " receive buffer of 50000"), e.getMessage());
        }
        big.waitFor();
        ByteBuffer after = Kind.DIRECT.empty(10);
        w.sendrecv(Kind.DIRECT.filled(r, 10), OFFSET, 10, next, 9, after, OFFSET, 10, prev, 9);
        check(after.get(OFFSET + 9) == value(prev, 9), "the message after a refused one on rank " + r);
        ByteBuffer self = Kind.DIRECT.filled(r, 1000);
        ByteBuffer back = Kind.DIRECT.empty(1000);
        Status s = w.sendrecv(self, OFFSET, 1000, r, 7, back, OFFSET, 1000, r, 7);
        check(s.count() == 1000 && back.get(OFFSET + 999) == value(r, 999), "a direct buffer sent to itself");
        return checks + 3;
    }

    /**
     * Every collective that moves data without combining it, on buffers of every kind: each rank picks its send and
     * receive kinds by its rank and the call, so that one call mixes direct buffers, heap buffers and byte arrays
     * across ranks, at block sizes a shared-memory transport stages or copies directly and a socket transport sends
     * eagerly or by rendezvous. Returns the number of checks made.
     */
    public static int collectives(Comm w) {
        int r = w.rank();
        int n = w.size();
        Kind[] kinds = Kind.values();
        int checks = 0;
        int call = 0;
        for (int c : new int[] {5, 3_000, 70_000}) {
            call++;
            Kind out = kinds[(r + call) % kinds.length];
            Kind in = kinds[(r + 2 * call) % kinds.length];
            int root = call % n;
            Object b = r == root ? out.filled(root, c) : in.empty(c);
            w.bcast(b, OFFSET, c, root);
            checks += expect(r == root ? out : in, b, c, (i, v) -> v == value(root, i), "bcast of " + c + " from "
                    + root + " on rank " + r);

            Object whole = out.filledBy(c * n, i -> value(i / c, i % c));
            Object part = in.empty(c);
            w.scatter(r == root ? whole : null, OFFSET, part, OFFSET, c, root);
            checks += expect(in, part, c, (i, v) -> v == value(r, i), "scatter of " + c + " on rank " + r);

            Object mine = out.filled(r, c);
            Object all = in.empty(c * n);
            w.gather(mine, OFFSET, r == root ? all : null, OFFSET, c, root);
            if (r == root) {
                checks += expect(in, all, c * n, (i, v) -> v == value(i / c, i % c), "gather of " + c + " on rank "
                        + r);
            }
            all = in.empty(c * n);
            w.allgather(mine, OFFSET, all, OFFSET, c);
            checks += expect(in, all, c * n, (i, v) -> v == value(i / c, i % c), "allgather of " + c + " on rank "
                    + r);

            // Block j of this rank's alltoall send holds value(r * n + j, i); rank j gets it as block r.
            Object spread = out.filledBy(c * n, i -> value(r * n + i / c, i % c));
            Object gathered = in.empty(c * n);
            w.alltoall(spread, OFFSET, gathered, OFFSET, c);
            checks += expect(in, gathered, c * n, (i, v) -> v == value((i / c) * n + r, i % c), "alltoall of " + c
                    + " on rank " + r);

            // Rank j's block has c + j bytes, laid out one byte apart (a gap a call must not write).
            int[] counts = new int[n];
            int[] displs = new int[n];
            for (int j = 0, at = OFFSET; j < n; j++) {
                counts[j] = c + j;
                displs[j] = at;
                at += counts[j] + 1;
            }
            int span = displs[n - 1] + counts[n - 1] - OFFSET;
            IntPredicateAt laidOut = (i, v) -> {
                for (int j = 0; j < n; j++) {
                    int k = OFFSET + i - displs[j];
                    if (k >= 0 && k < counts[j]) {
                        return v == value(j, k);
                    }
                }
                return v == 0;
            };
            Object vin = in.empty(span);
            w.allgatherv(out.filled(r, counts[r]), OFFSET, counts[r], vin, counts, displs);
            checks += expect(in, vin, span, laidOut, "allgatherv around " + c + " on rank " + r);

            Object layout = out.filledBy(span, i -> {
                for (int j = 0; j < n; j++) {
                    int k = OFFSET + i - displs[j];
                    if (k >= 0 && k < counts[j]) {
                        return value(j, k);
                    }
                }
                return 0;
            });
            Object mineV = in.empty(counts[r]);
            w.scatterv(r == root ? layout : null, counts, displs, mineV, OFFSET, counts[r], root);
            checks += expect(in, mineV, counts[r], (i, v) -> v == value(r, i), "scatterv around " + c + " on rank "
                    + r);
            Object rootV = in.empty(span);
            w.gatherv(out.filled(r, counts[r]), OFFSET, counts[r], r == root ? rootV : null, counts, displs, root);
            if (r == root) {
                checks += expect(in, rootV, span, laidOut, "gatherv around " + c + " on rank " + r);
            }

            // Rank s sends rank t a block of c + s + t bytes, value(s * n + t, k), blocks one byte apart.
            int[] sc = new int[n];
            int[] sd = new int[n];
            int[] rc = new int[n];
            int[] rd = new int[n];
            for (int j = 0, sAt = OFFSET, rAt = OFFSET; j < n; j++) {
                sc[j] = c + r + j;
                sd[j] = sAt;
                sAt += sc[j] + 1;
                rc[j] = c + j + r;
                rd[j] = rAt;
                rAt += rc[j] + 1;
            }
            int sSpan = sd[n - 1] + sc[n - 1] - OFFSET;
            int rSpan = rd[n - 1] + rc[n - 1] - OFFSET;
            Object sendV = out.filledBy(sSpan, i -> {
                for (int j = 0; j < n; j++) {
                    int k = OFFSET + i - sd[j];
                    if (k >= 0 && k < sc[j]) {
                        return value(r * n + j, k);
                    }
                }
                return 0;
            });
            Object recvV = in.empty(rSpan);
            w.alltoallv(sendV, sc, sd, recvV, rc, rd);
            checks += expect(in, recvV, rSpan, (i, v) -> {
                for (int j = 0; j < n; j++) {
                    int k = OFFSET + i - rd[j];
                    if (k >= 0 && k < rc[j]) {
                        return v == value(j * n + r, k);
                    }
                }
                return v == 0;
            }, "alltoallv around " + c + " on rank " + r);
        }
        return checks;
    }

    /** A test on byte {@code i} of a slice whose value is {@code v}. */
    private interface IntPredicateAt {
        boolean test(int i, byte v);
    }

    /** Checks a slice of {@code size} bytes at {@link #OFFSET} of {@code b}, its guard bytes and its bounds. */
    private static int expect(Kind kind, Object b, int size, IntPredicateAt ok, String what) {
        for (int i = 0; i < size; i++) {
            byte v = kind.get(b, OFFSET + i);
            if (!ok.test(i, v)) {
                check(false, what + ": byte " + i + " is " + v);
            }
        }
        for (int i : new int[] {-OFFSET, -1, size, size + OFFSET - 2}) {
            check(kind.get(b, OFFSET + i) == 0, what + ": guard byte " + i + " was written");
        }
        return 1 + kind.untouched(b, what);
    }

    static byte value(int rank, int i) {
        return (byte) (rank * 31 + i * 7 + 1);
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    /**
     * Where a message's bytes are: each kind with room for {@link #OFFSET} bytes either side of the slice; a buffer's
     * position is 1 and its limit one short of its capacity, neither of which a call may change.
     */
    enum Kind {
        DIRECT, HEAP, ARRAY;

        <T> T filled(int rank, int size) {
            return filledBy(size, i -> value(rank, i));
        }

        /** A slice of {@code size} bytes at {@link #OFFSET}, byte i being {@code f(i)}. */
        <T> T filledBy(int size, java.util.function.IntUnaryOperator f) {
            T b = empty(size);
            for (int i = 0; i < size; i++) {
                set(b, OFFSET + i, (byte) f.applyAsInt(i));
            }
            return b;
        }

        @SuppressWarnings("unchecked")
        <T> T empty(int size) {
            int length = size + 2 * OFFSET;
            Object b = switch (this) {
                case DIRECT -> ByteBuffer.allocateDirect(length).limit(length - 1).position(1);
                case HEAP -> ByteBuffer.allocate(length).limit(length - 1).position(1);
                case ARRAY -> new byte[length];
            };
            return (T) b;
        }

        byte get(Object b, int i) {
            return b instanceof ByteBuffer buffer ? buffer.get(i) : ((byte[]) b)[i];
        }

        void set(Object b, int i, byte v) {
            if (b instanceof ByteBuffer buffer) {
                buffer.put(i, v);
            } else {
                ((byte[]) b)[i] = v;
            }
        }

        /** Checks that a buffer's position and limit are as {@link #empty} left them. */
        int untouched(Object b, String what) {
            if (b instanceof ByteBuffer buffer) {
                check(buffer.position() == 1 && buffer.limit() == buffer.capacity() - 1, what + ": position "
                        + buffer.position() + " and limit " + buffer.limit() + " moved");
                return 1;
            }
            return 0;
        }
    }
}
