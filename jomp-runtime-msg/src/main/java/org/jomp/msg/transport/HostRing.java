package org.jomp.msg.transport;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.locks.LockSupport;

import org.jomp.msg.CommException;

/**
 * The part of a communicator's {@link HostMemory} by which its ranks order themselves without messages: a ring of
 * {@value #WORDS} words where small broadcasts travel without waiting for their readers ({@code
 * org.jomp.msg.coll.HostRingBroadcast}), and after it a line of {@value #LINE_WORDS} words for each rank, which only
 * that rank writes: how far it has read the ring ({@link #READ}), how many barriers it has arrived at ({@link
 * #ARRIVED}) and in which collectives ({@link #ARRIVED_IN}; {@code org.jomp.msg.coll.HostBarrier}). Positions in the
 * ring are word counts that only grow, taken modulo its length. This class holds the memory and the waits on it,
 * and each rank's own counts; the collectives say what the words mean.
 *
 * <p>Words are read with acquire and written with release semantics through a {@link VarHandle} view of the
 * mapping, so a word a rank of another JVM stores last (release) publishes the words it stored before.
 */
public final class HostRing {
    /** Words of the ring: 128 KiB, as the shared-memory transport's ring when ranks outnumber cores. */
    public static final int WORDS = 16 * 1024;
    /** Words of a rank's line: a cache line, so that no two ranks write one. */
    static final int LINE_WORDS = 8;
    /** Field of a rank's line: the ring position it has read up to. */
    public static final int READ = 0;
    /** Field of a rank's line: the number of barriers it has arrived at. */
    public static final int ARRIVED = 1;
    /** Fields of a rank's line: the collective word of its last two barriers, by the count's parity. */
    public static final int ARRIVED_IN = 2;
    /** How often the yield phase of a wait asks its {@link Watch} (a power of two): the check takes a lock. */
    private static final int YIELDS_PER_CHECK = 16;
    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class,
            ByteOrder.nativeOrder());

    private final ByteBuffer map;
    /** This rank's view of the mapping for copies, whose position each copy sets. */
    private final ByteBuffer copies;
    /** Byte offset of the ring in the mapping; its lines follow it. */
    private final int base;
    private long generation;
    private long arrivals;
    private long position;
    private long leastRead;

    HostRing(ByteBuffer map, int base) {
        this.map = map;
        this.copies = map.duplicate().order(ByteOrder.nativeOrder());
        this.base = base;
    }

    /** Bytes of the ring and of the lines of {@code ranks} ranks. */
    static long bytes(int ranks) {
        return 8L * (WORDS + (long) ranks * LINE_WORDS);
    }

    /** The index of the word at {@code position} of the ring. */
    public int index(long position) {
        return (int) (position & (WORDS - 1));
    }

    /** The index of word {@code field} of {@code rank}'s line. */
    public int line(int rank, int field) {
        return WORDS + rank * LINE_WORDS + field;
    }

    /** Word {@code index} (of the ring, or of a {@link #line}), read with acquire semantics. */
    public long get(int index) {
        return (long) LONGS.getAcquire(map, base + 8 * index);
    }

    /** Stores {@code value} in word {@code index}, ordered only by a later {@link #publish}. */
    public void set(int index, long value) {
        LONGS.set(map, base + 8 * index, value);
    }

    /** Stores {@code value} in word {@code index} with release semantics: every store before it is seen first. */
    public void publish(int index, long value) {
        LONGS.setRelease(map, base + 8 * index, value);
    }

    /**
     * Stores {@code value} in word {@code index} if it reads 0, atomically; returns what it read (0: stored).
     */
    public long claim(int index, long value) {
        return (long) LONGS.compareAndExchange(map, base + 8 * index, 0L, value);
    }

    /**
     * Copies {@code count} elements of {@code kind} from the slice {@code src} at {@code offset} to word {@code at}
     * and the words after it.
     */
    public void put(int at, PayloadKind kind, Object src, int offset, int count) {
        copies.position(base + 8 * at);
        BulkCopy.put(copies, kind, src, offset, count);
    }

    /** Copies {@code count} elements of {@code kind} from word {@code at} into the slice {@code dest}. */
    public void get(int at, PayloadKind kind, Object dest, int offset, int count) {
        copies.position(base + 8 * at);
        BulkCopy.get(copies, kind, dest, offset, count);
    }

    /** This rank's next broadcast's generation: 1, 2, ... (0 marks a word no broadcast has begun at). */
    public long nextGeneration() {
        return ++generation;
    }

    /** The count of this rank's last barrier. */
    public long arrivals() {
        return arrivals;
    }

    /** This rank's next barrier's count: 1, 2, ... */
    public long nextArrival() {
        return ++arrivals;
    }

    /** Where this rank's next broadcast begins. */
    public long position() {
        return position;
    }

    /** Sets where this rank's next broadcast begins: after the message it has just written or read. */
    public void position(long p) {
        position = p;
    }

    /** Whether every rank was known, at the root's last look at their lines, to have read up to {@code p}. */
    public boolean knownRead(long p) {
        return leastRead >= p;
    }

    /** The least position every rank had read up to, at the root's last look at their lines. */
    public void noteLeastRead(long p) {
        leastRead = p;
    }

    /**
     * Waits until word {@code index} reads at least {@code target}; rank {@code owner} writes it. It spins and
     * yields as {@link WaitPolicy} has a waiting rank do, then sleeps in slices of {@link WaitPolicy#sleepSlice},
     * asking {@code watch} each time whether the wait can still end.
     *
     * @throws CommException when {@code owner} has ended with the word short of the target
     */
    public void await(int index, long target, int owner, Watch watch) {
        if (get(index) >= target || fastPhases(index, target, watch, owner)) {
            return;
        }
        long since = System.nanoTime();
        while (mustWait(index, target, owner, watch)) {
            LockSupport.parkNanos(WaitPolicy.sleepSlice(System.nanoTime() - since));
        }
    }

    /**
     * Whether word {@code index} is still short of {@code target} after {@code watch} has found nothing wrong. The
     * word is read again after the watch, and what the watch saw counts only if it is still short: a message of the
     * writer's next collective, or its death, may come just after it wrote the word (the word is written first, so
     * whoever sees the message sees the word).
     */
    private boolean mustWait(int index, long target, int owner, Watch watch) {
        boolean ended;
        try {
            ended = watch.ended(owner);
        } catch (RuntimeException e) {
            if (get(index) >= target) {
                return false;
            }
            throw e;
        }
        if (get(index) >= target) {
            return false;
        }
        if (ended) {
            throw new CommException(watch.where() + ": rank " + owner + " ended without taking part in it");
        }
        return true;
    }

    /** The spin and yield phases of {@link #await}; whether the target was reached in them. */
    private boolean fastPhases(int index, long target, Watch watch, int owner) {
        for (int i = WaitPolicy.firstSpins(); i > 0; i--) {
            Thread.onSpinWait();
            if (get(index) >= target) {
                return true;
            }
        }
        for (int i = WaitPolicy.spins() - WaitPolicy.MIN_SPINS; i > 0; i--) {
            Thread.onSpinWait();
            if (get(index) >= target) {
                WaitPolicy.spinSucceeded();
                return true;
            }
        }
        for (int i = 0, yields = WaitPolicy.yields(); i < yields; i++) {
            if ((i & (YIELDS_PER_CHECK - 1)) == 0 && !mustWait(index, target, owner, watch)) {
                WaitPolicy.endedInYields(i);
                return true;
            }
            Thread.yield();
            if (get(index) >= target) {
                WaitPolicy.endedInYields(i);
                return true;
            }
        }
        WaitPolicy.spinFailed();
        return false;
    }

    /** What a wait in host memory checks between its slow polls. */
    public interface Watch {
        /**
         * Throws when the wait can never end another way: the job has failed, the thread was interrupted, or a
         * message shows a rank in another collective; returns whether rank {@code owner} has ended.
         */
        boolean ended(int owner);

        /** The wait's place for errors: the collective and this rank ("bcast on rank 2"). */
        String where();
    }
}
