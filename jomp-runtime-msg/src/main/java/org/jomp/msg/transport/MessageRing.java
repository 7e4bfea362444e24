package org.jomp.msg.transport;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Small messages from one rank to another rank of the same JVM, queued without the receiver's lock: a bounded ring
 * of slots that the sender fills and the receiver's {@link MatchingEngine} drains when its waits poll, or that a
 * blocking receive takes its message from directly ({@link MatchingEngine#receiveFromRing}). A slot holds
 * the envelope and, up to {@value #INLINE_BYTES} bytes, the data in the same words, so that a message costs about
 * one cache-line transfer from sender to receiver; larger ones (up to {@link #LIMIT_BYTES}) go in an array of the
 * slot's, reused while the element type stays.
 *
 * <p>A single-producer, single-consumer ring after Lamport's ("Specifying concurrent program modules", ACM TOPLAS
 * 5(2), 1983), with two refinements that keep the two sides off each other's lines: the consumer sees a message by
 * the slot's own sequence number, written last, and never writes the slot (as FastForward tests the slot instead
 * of the producer's index: Giacomoni, Moseley and Vachharajani, PPoPP 2008); the producer reads the consumer's
 * index only when its cached copy says the ring is full (as MCRingBuffer does: Lee, Bu and Chandranmenon, IPDPS
 * 2010). In a steady exchange each side so writes only lines the other side then reads once.
 *
 * <p>Producers of one rank (several threads, MPI_THREAD_MULTIPLE) take turns by a try-lock on the producer's
 * line; one that does not get it, or finds the ring full, goes the receiver's locked way. Consumers drain under
 * the engine's lock.
 */
public final class MessageRing {
    /**
     * Data bytes a message may have to go through a ring ({@code -Djomp.msg.ringLimit}, default 256): beyond the
     * inline bytes a ring message is copied twice, which by 1 KiB costs more than the lock it saves.
     */
    public static final int LIMIT_BYTES = Integer.getInteger("jomp.msg.ringLimit", 256);
    /** Data bytes carried in the slot's own words. */
    static final int INLINE_BYTES = 32;
    private static final int SLOTS = 16;
    private static final int MASK = SLOTS - 1;
    /** Longs per 128 bytes: a slot's words, and each side's index, never share a line with the next. */
    private static final int PAD = 16;
    private static final int SEQ = 0;
    /** context << 32 | tag */
    private static final int ADDRESS = 1;
    /** source << 32 | count */
    private static final int ORIGIN = 2;
    private static final int KIND = 3;
    private static final int DATA = 4;
    private static final int PRODUCER_BUSY = (SLOTS + 1) * PAD;
    private static final int TAIL = PRODUCER_BUSY + 1;
    private static final int CACHED_HEAD = PRODUCER_BUSY + 2;
    private static final int HEAD = (SLOTS + 2) * PAD;
    private static final PayloadKind[] KINDS = PayloadKind.values();

    /** A line of padding; slot i's words at (i + 1) * PAD; the producers' line; the consumer's line; padding. */
    private final AtomicLongArray words = new AtomicLongArray((SLOTS + 4) * PAD);
    /** Slot i's array for data beyond the inline bytes, of the message's element type. */
    private final Object[] spill = new Object[SLOTS];
    private final Payload oldest = new Oldest();
    /**
     * The consumer's count of completions awaited without polling, and its index there; set before the ranks start.
     * Producers read it here rather than through the consumer's engine, whose lock word and queues share lines that
     * the consumer writes with every receive: reading them cost a cache-line transfer each way per message.
     */
    private AtomicLongArray consumerServed;
    private int servedIndex;

    private static int slot(long position) {
        return ((int) (position & MASK) + 1) * PAD;
    }

    /** True if {@code count} elements of {@code kind} may go through a ring. */
    public static boolean fits(PayloadKind kind, int count) {
        return kind != PayloadKind.OBJECT && (long) count * kind.bytesPerElement() <= LIMIT_BYTES;
    }

    /**
     * Queues a copy of {@code count} elements of {@code kind} from {@code buffer} at {@code offset}, from communicator
     * rank {@code source} in {@code context} with {@code tag}; false, queuing nothing, when the ring is full or
     * another thread of the sender is queuing. The slot is published by a volatile store, so that a load the sender
     * makes after this (of whether the receiver must be served) cannot pass it.
     */
    public boolean offer(int context, int source, int tag, PayloadKind kind, int count, Object buffer, int offset) {
        if (!words.compareAndSet(PRODUCER_BUSY, 0, 1)) {
            return false;
        }
        try {
            long t = words.getPlain(TAIL);
            if (t - words.getPlain(CACHED_HEAD) >= SLOTS) {
                long h = words.getAcquire(HEAD);
                words.setPlain(CACHED_HEAD, h);
                if (t - h >= SLOTS) {
                    return false;
                }
            }
            int s = slot(t);
            if (count * kind.bytesPerElement() <= INLINE_BYTES) {
                PackedWords.pack(words, s + DATA, kind, buffer, offset, count);
            } else {
                int i = (int) (t & MASK);
                Object copy = spill[i];
                if (copy == null || copy.getClass() != kind.arrayType()) {
                    copy = kind.newArray(LIMIT_BYTES / kind.bytesPerElement());
                    spill[i] = copy;
                }
                SliceCopy.copy(buffer, offset, copy, 0, count);
            }
            words.setPlain(s + ADDRESS, (long) context << 32 | (tag & 0xffffffffL));
            words.setPlain(s + ORIGIN, (long) source << 32 | (count & 0xffffffffL));
            words.setPlain(s + KIND, kind.ordinal());
            words.set(s + SEQ, t + 1);
            words.setPlain(TAIL, t + 1);
            return true;
        } finally {
            words.setRelease(PRODUCER_BUSY, 0);
        }
    }

    /** Tells producers where the consumer counts its completions awaited without polling. */
    void consumedBy(AtomicLongArray served, int index) {
        consumerServed = served;
        servedIndex = index;
    }

    /**
     * True while a completion of the consumer is awaited without polling, or once it has ended or failed: a producer
     * that queued a message reads this after ({@link #offer}'s volatile store orders the two) and, if true, drains
     * the consumer's rings itself, completing the receive the message matches as a delivery through the lock would.
     */
    public boolean consumerMustServe() {
        return consumerServed.get(servedIndex) > 0;
    }

    /** True if a message waits to be drained; any thread, without the lock. */
    boolean ready() {
        long h = words.getAcquire(HEAD);
        return words.getAcquire(slot(h) + SEQ) == h + 1;
    }

    /** The envelope of the oldest queued message, or {@code null}; the consumer, under the engine's lock. */
    Envelope peek() {
        long h = words.getPlain(HEAD);
        int s = slot(h);
        if (words.getAcquire(s + SEQ) != h + 1) {
            return null;
        }
        long address = words.getPlain(s + ADDRESS);
        long origin = words.getPlain(s + ORIGIN);
        return new Envelope((int) (address >> 32), (int) (origin >>> 32), (int) address,
                KINDS[(int) words.getPlain(s + KIND)], (int) origin);
    }

    /**
     * Receives the oldest queued message into {@code dest} if it is for (context, source, tag), of {@code kind} and
     * at most {@code capacity} elements, without an envelope; returns its tag << 32 | count, or -1 having taken
     * nothing. The consumer, under the engine's lock.
     */
    long takeIfFor(int context, int source, int tag, PayloadKind kind, Object dest, int offset, int capacity) {
        long h = words.getPlain(HEAD);
        int s = slot(h);
        if (words.getAcquire(s + SEQ) != h + 1) {
            return -1;
        }
        long address = words.getPlain(s + ADDRESS);
        long origin = words.getPlain(s + ORIGIN);
        int count = (int) origin;
        if ((int) (address >> 32) != context || (int) (origin >>> 32) != source
                || tag != MatchingEngine.ANY && (int) address != tag || words.getPlain(s + KIND) != kind.ordinal()
                || count > capacity) {
            return -1;
        }
        oldest.copyTo(dest, offset, null);
        remove();
        return (address & 0xffffffffL) << 32 | count;
    }

    /** The oldest message's data, valid until {@link #remove}; the consumer, under the lock. */
    Payload oldest() {
        return oldest;
    }

    /** Frees the oldest message's slot for the producer; the consumer, under the lock. */
    void remove() {
        words.setRelease(HEAD, words.getPlain(HEAD) + 1);
    }

    /** The data of the message at the head of the ring, as a payload the engine copies or keeps a copy of. */
    private final class Oldest implements Payload {
        @Override
        public void copyTo(Object dest, int offset, Completion receive) {
            long h = words.getPlain(HEAD);
            int s = slot(h);
            PayloadKind kind = KINDS[(int) words.getPlain(s + KIND)];
            int count = (int) words.getPlain(s + ORIGIN);
            if (count * kind.bytesPerElement() <= INLINE_BYTES) {
                PackedWords.unpack(words, s + DATA, kind, dest, offset, count);
            } else {
                SliceCopy.copy(spill[(int) (h & MASK)], 0, dest, offset, count);
            }
        }

        @Override
        public Payload retain() {
            int s = slot(words.getPlain(HEAD));
            PayloadKind kind = KINDS[(int) words.getPlain(s + KIND)];
            Object copy = kind.newArray((int) words.getPlain(s + ORIGIN));
            copyTo(copy, 0, null);
            return new BufferedPayload(copy);
        }

        @Override
        public void discard(RuntimeException senderError) {
            // The sender went on when it queued the message: there is nobody to tell.
        }
    }
}
