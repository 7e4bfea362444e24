package org.jomp.msg.transport.socket;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

import org.jomp.msg.CommException;
import org.jomp.msg.transport.BulkCopy;
import org.jomp.msg.transport.PayloadKind;

/**
 * A ring of memory that the two rank JVMs of a connection on one host both map, through which one direction of the
 * connection carries the data of large messages: the sender copies a piece of up to {@value #PIECE} bytes into the
 * ring and writes only a {@link FrameKind#MAPPED} header to the socket; the receiver copies the piece out of the
 * ring into the receive buffer. Through the socket, the kernel copies the data into its buffer and out again, and
 * before Java 22 NIO adds a copy into and out of native memory on each end: four copies of an array's bytes become
 * two, and the system calls per piece go. Open MPI's shared-memory transport between processes of one node works
 * so (copy in, copy out) where the kernel offers no single copy. On the development VM, a prototype moved 1 MiB
 * {@code byte[]} between two Java 17 JVMs in 47 µs one way, against 200-230 µs over the Unix socket
 * (docs/benchmarks-msg-log.md).
 *
 * <p>The memory is a file on tmpfs ({@code -Djomp.msg.socket.ringDir}, default {@code /dev/shm}), created by the
 * sender readable by its user only and deleted by the receiver once it has mapped it (the mapping stays): the
 * sender names it in a {@link FrameKind#RING} frame before the first piece. One writer and one reader: the sender
 * under its connection's write lock, the receiver under its read lock. Pieces lie one after another in the order
 * of their headers on the stream, so each end works out where the next lies from its own count (a piece that
 * would cross the end of the ring starts at its beginning instead). Two counters at the start of the file, on cache
 * lines of their own, say how far each end has gone: the sender's, stored (release) after its copy and before the
 * header is written, and the receiver's, stored after its copy; the sender writes over nothing the receiver has not
 * copied, and the receiver checks that a header's piece has been copied in before it takes it. A sender that finds
 * the ring full waits for room while the receiver copies pieces out ({@link #receiverDrains}), and sends the piece
 * through the socket as before once the receiver has stopped.
 */
final class MappedRing {
    /** The most data one {@link FrameKind#MAPPED} frame carries: the sender copies in one while the receiver copies
     * out the one before. */
    static final int PIECE = 128 * 1024;
    /** Bytes of data the ring holds: 8 pieces. A 1 MiB ring beat a 2 and an 8 MiB one in the prototype (the cache). */
    static final int CAPACITY = 1 << 20;
    /** The file name's start, which the receiver checks. */
    static final String PREFIX = "jomp-ring-";
    /** The default of {@link #patienceNanos()}, µs. */
    static final long PATIENCE_MICROS = 2000;
    /** How long a writer waiting for room in a ring parks between tries. */
    static final long ROOM_PARK_NANOS = 20_000;

    private static final int PRODUCED_AT = 0;
    private static final int CONSUMED_AT = 128;
    private static final int DATA_AT = 256;
    private static final VarHandle COUNTER =
            MethodHandles.byteBufferViewVarHandle(long[].class, Frame.ORDER);

    private final Path file;
    private final MappedByteBuffer map;
    /** Sender: bytes produced (waste at the ring's end included); receiver: bytes consumed. */
    private long cursor;
    /** Where the piece last reserved or taken starts, in the same count, and its length. */
    private long start;
    private int length;
    /** Sender: bytes of data carried so far. */
    private long carried;
    /** Sender: the receiver's count when the sender last found the ring full, and since when it has stood there. */
    private long stuckAt = -1;
    private long stuckSince;

    private MappedRing(Path file, MappedByteBuffer map) {
        this.file = file;
        this.map = map;
    }

    /**
     * Where rings are made, or {@code null} when they are off ({@code -Djomp.msg.socket.mappedData=false}) or the
     * directory is not a writable directory.
     */
    static Path directory() {
        if (!Boolean.parseBoolean(System.getProperty("jomp.msg.socket.mappedData", "true"))) {
            return null;
        }
        Path dir = Path.of(System.getProperty("jomp.msg.socket.ringDir", "/dev/shm"));
        return Files.isDirectory(dir) && Files.isWritable(dir) ? dir : null;
    }

    /**
     * How long a sender that finds the ring full waits for the receiver to copy a piece out before it sends the piece
     * through the socket: {@code -Djomp.msg.socket.ringPatienceMicros}, by default {@value #PATIENCE_MICROS} µs (0:
     * it never waits).
     */
    static long patienceNanos() {
        return Math.max(0, Long.getLong("jomp.msg.socket.ringPatienceMicros", PATIENCE_MICROS)) * 1000;
    }

    /**
     * The sender's end: a new ring file in {@code dir}, readable and writable by this user only, mapped. The file is
     * written whole first, so that a full tmpfs (a container's 64 MB {@code /dev/shm}, say) fails here, and the
     * data goes through the socket, rather than when a page of the mapping is first touched (SIGBUS).
     */
    static MappedRing create(Path dir, String name) throws IOException {
        Path file = Files.createTempFile(dir, PREFIX + name + "-", "",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer zeros = ByteBuffer.allocate(64 * 1024);
            for (long at = 0; at < DATA_AT + CAPACITY; at += zeros.capacity()) {
                zeros.clear().limit((int) Math.min(zeros.capacity(), DATA_AT + CAPACITY - at));
                while (zeros.hasRemaining()) {
                    ch.write(zeros, at + zeros.position());
                }
            }
            return new MappedRing(file, ch.map(FileChannel.MapMode.READ_WRITE, 0, DATA_AT + CAPACITY));
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(file);
            throw e;
        }
    }

    /**
     * The receiver's end: maps the ring file the peer named, which must be one of its own making (a regular file
     * named so, of a ring's size; links are not followed), and deletes it.
     *
     * @throws CommException naming {@code where} and what is wrong
     */
    static MappedRing open(String name, String where) {
        Path file;
        try {
            file = Path.of(name);
        } catch (RuntimeException e) {
            throw new CommException("invalid frame " + where + ": RING names no file (" + e.getMessage() + ")");
        }
        Path leaf = file.getFileName();
        if (!file.isAbsolute() || leaf == null || !leaf.toString().startsWith(PREFIX)) {
            throw new CommException("invalid frame " + where + ": RING names " + name + ", not a ring file");
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS)) {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || ch.size() != DATA_AT + CAPACITY) {
                throw new CommException("invalid frame " + where + ": RING names " + name + ", not a ring file of "
                        + (DATA_AT + CAPACITY) + " bytes");
            }
            MappedRing ring = new MappedRing(file, ch.map(FileChannel.MapMode.READ_WRITE, 0, DATA_AT + CAPACITY));
            Files.deleteIfExists(file);
            return ring;
        } catch (IOException e) {
            throw new CommException("cannot map the ring file " + name + " named " + where
                    + " (the peer is on this host, run by this user): " + e, e);
        }
    }

    /**
     * The sender's next piece: {@code bytes} bytes of {@code array} (of {@code kind}) from element {@code element},
     * copied into the ring and published, if it has room; false if not (the piece then goes through the socket).
     */
    boolean put(PayloadKind kind, Object array, int element, int bytes) {
        ByteBuffer piece = reserve(bytes);
        if (piece == null) {
            return false;
        }
        BulkCopy.put(piece, kind, array, element, bytes / kind.bytesPerElement());
        publish();
        return true;
    }

    /**
     * The sender reserves room for a piece of {@code n} bytes ({@code 0 < n <=} {@link #PIECE}): a buffer over it
     * in {@link Frame#ORDER}, to copy into before {@link #publish}; {@code null} if the receiver has not yet copied
     * out enough of the ring.
     */
    ByteBuffer reserve(int n) {
        long s = placed(cursor, n);
        if (s + n - (long) COUNTER.getAcquire(map, CONSUMED_AT) > CAPACITY) {
            return null;
        }
        start = s;
        length = n;
        return piece(s, n);
    }

    /**
     * The sender found the ring full: whether to wait for room, true while the receiver has copied a piece out within
     * {@code patienceNanos} (as of {@code now}) of the sender first finding it at its present count. Pieces that
     * went through the socket instead cost more than the wait: the receiver takes the data in the order of its
     * headers, so it reads those pieces from the socket (slower, in system calls, with gaps where its reads find
     * nothing yet and yield) while the sender fills the ring again behind them, and the next piece goes through the
     * socket too. A receiver that started its copies late, by a time slice of its core, so read up to 104 of the 128
     * pieces of a 16 MiB message from the socket, and such round trips took 1.8-8.6 times the median
     * (docs/benchmarks-msg-log.md). A receiver that copies nothing for the whole patience is computing, not
     * receiving, and the socket buffers the data until it returns, as before.
     */
    boolean receiverDrains(long patienceNanos, long now) {
        long consumed = (long) COUNTER.getAcquire(map, CONSUMED_AT);
        if (consumed != stuckAt) {
            stuckAt = consumed;
            stuckSince = now;
        }
        return now - stuckSince < patienceNanos;
    }

    /** The sender has copied the reserved piece: the receiver may take it (before its header is written). */
    void publish() {
        cursor = start + length;
        carried += length;
        COUNTER.setRelease(map, PRODUCED_AT, cursor);
    }

    /** The sender's count of data bytes the ring has carried (under the write lock), for tests. */
    long carried() {
        return carried;
    }

    /**
     * The receiver's next piece, of {@code n} bytes as a header says (validated: {@link Frame#check}): a buffer over
     * it in {@link Frame#ORDER}, to copy out of before {@link #release}.
     *
     * @throws CommException naming {@code where} if the header claims more than the sender has put in the ring
     */
    ByteBuffer take(int n, String where) {
        long s = placed(cursor, n);
        long produced = (long) COUNTER.getAcquire(map, PRODUCED_AT);
        if (s + n > produced) {
            throw new CommException("invalid frame " + where + ": MAPPED piece of " + n + " bytes at " + s
                    + " of its ring, where the sender has put " + produced + " bytes");
        }
        start = s;
        length = n;
        return piece(s, n);
    }

    /** The receiver has copied the piece out: the sender may write over it. */
    void release() {
        cursor = start + length;
        COUNTER.setRelease(map, CONSUMED_AT, cursor);
    }

    /**
     * The most data a DATA frame through the socket carries: a fragment, and with a {@code ring} no more than a
     * piece, so that the next piece may find room in the ring again.
     */
    static int socketFragment(MappedRing ring, int fragmentBytes) {
        return ring == null ? fragmentBytes : Math.min(fragmentBytes, PIECE);
    }

    /** The file's name, for the {@link FrameKind#RING} frame. */
    String name() {
        return file.toString();
    }

    /** Deletes the file if the receiver has not (it never read the RING frame); the mappings stay until collected. */
    void delete() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // Left in the ring directory; its name says whose it was.
        }
    }

    /**
     * Where a piece of {@code n} bytes goes after {@code at}: there, or at the ring's start if it would cross the
     * end.
     */
    private static long placed(long at, int n) {
        long inRing = at % CAPACITY;
        return inRing + n > CAPACITY ? at + CAPACITY - inRing : at;
    }

    private ByteBuffer piece(long s, int n) {
        return map.slice(DATA_AT + (int) (s % CAPACITY), n).order(Frame.ORDER);
    }
}
