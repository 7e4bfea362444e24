package org.jomp.msg;

import java.nio.ByteBuffer;

/**
 * Point-to-point messages in {@link ByteBuffer}s, run by every rank of a job on any transport: direct and heap
 * buffers, to and from byte arrays, at every size a transport treats apart (packed in a ring slot, spilled, eager,
 * rendezvous over several fragments), posted before and after the data arrives, at offsets inside the buffers.
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
            T b = empty(size);
            for (int i = 0; i < size; i++) {
                set(b, OFFSET + i, value(rank, i));
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
