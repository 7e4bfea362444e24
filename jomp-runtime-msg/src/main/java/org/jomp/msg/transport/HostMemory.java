package org.jomp.msg.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Memory that every rank of a communicator maps when all of them run in JVMs of one host: a file on tmpfs holding,
 * for each rank, a slot of {@link #slotBytes()} bytes in each of two halves, and a word of its own in each half
 * ({@link #sign}) by which the ranks compare their arguments. A collective on it copies each rank's
 * data into its own slot once and lets every rank copy out what it needs, as Open MPI's and MPICH's shared-memory
 * collectives do, where messages would copy the same data once per receiver through a socket or a ring. Nothing here
 * synchronises: the collectives order the copies with messages ({@code org.jomp.msg.coll.HostBroadcast} and the
 * others), and alternate the halves ({@link #nextHalf}) so that a rank may fill its slot of one half while slower
 * ranks still read the other. After the halves lies the {@link HostRing} of small broadcasts, which order
 * themselves.
 *
 * <p>The file is made by one rank (readable by its user only) and deleted once every rank has mapped it (the
 * mappings stay). Each rank writes zeros over its own slots and ring line through the file first, and rank 0 over
 * the ring, so that a full tmpfs fails there, with an {@link IOException}, rather than when a page of the mapping
 * is first touched (SIGBUS).
 */
public final class HostMemory {
    /** The file name's start. */
    public static final String PREFIX = "jomp-host-";
    /** The default of {@link #slotBytes()}: a rank's 1 MiB allgather block in one round. */
    public static final int SLOT_BYTES = 1 << 20;

    /** Bytes of each rank's word in each half: a cache line, so that no two ranks write one. */
    private static final int WORD_BYTES = 64;

    private final MappedByteBuffer map;
    private final int ranks;
    private final int slotBytes;
    private final HostRing ring;
    private int half;

    private HostMemory(MappedByteBuffer map, int ranks, int slotBytes, HostRing ring) {
        this.map = map;
        this.ranks = ranks;
        this.slotBytes = slotBytes;
        this.ring = ring;
    }

    /**
     * The slot size of new host memory: {@code -Djomp.msg.hostSlotBytes}, by default {@value #SLOT_BYTES}, rounded
     * down to a multiple of 64 bytes (a cache line, and a whole number of elements of every primitive type).
     */
    public static int configuredSlotBytes() {
        int b = Integer.getInteger("jomp.msg.hostSlotBytes", SLOT_BYTES);
        if (b < 64) {
            throw new IllegalArgumentException("-Djomp.msg.hostSlotBytes=" + b + ": a slot needs at least 64 bytes");
        }
        return b & ~63;
    }

    /** The bytes of a file for {@code ranks} slots of {@code slotBytes} in each half, and the {@link HostRing}. */
    static long fileBytes(int ranks, int slotBytes) {
        return ringAt(ranks, slotBytes) + HostRing.bytes(ranks);
    }

    /** Where the {@link HostRing} starts, after the halves' data. */
    private static long ringAt(int ranks, int slotBytes) {
        return 2L * ranks * (WORD_BYTES + (long) slotBytes);
    }

    /** Where the data of the halves starts, after the words. */
    private static long dataAt(int ranks) {
        return 2L * ranks * WORD_BYTES;
    }

    /** Makes the file for {@code ranks} slots of {@code slotBytes} in {@code dir}: empty, its user's only. */
    public static Path create(Path dir, int ranks, int slotBytes) throws IOException {
        if (fileBytes(ranks, slotBytes) > Integer.MAX_VALUE) {
            throw new IOException(ranks + " slots of " + slotBytes + " bytes in two halves exceed 2 GiB, the most one"
                    + " mapping holds (-Djomp.msg.hostSlotBytes)");
        }
        Path file = Files.createTempFile(dir, PREFIX, "",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.allocate(1), fileBytes(ranks, slotBytes) - 1);
            return file;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(file);
            throw e;
        }
    }

    /**
     * Maps {@code file} as made by {@link #create} for {@code ranks} slots of {@code slotBytes}, after writing zeros
     * over the slots of {@code rank} (a rank writes only its own).
     *
     * @throws IOException if the file is not such a file, or tmpfs has no room for this rank's slots
     */
    public static HostMemory open(Path file, int ranks, int rank, int slotBytes) throws IOException {
        Path leaf = file.getFileName();
        if (!file.isAbsolute() || leaf == null || !leaf.toString().startsWith(PREFIX)) {
            throw new IOException(file + " is not a host memory file");
        }
        long bytes = fileBytes(ranks, slotBytes);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS)) {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || ch.size() != bytes) {
                throw new IOException(file + " is not a host memory file of " + bytes + " bytes");
            }
            ByteBuffer zeros = ByteBuffer.allocate(Math.min(slotBytes, 64 * 1024));
            for (int h = 0; h < 2; h++) {
                long word = ((long) h * ranks + rank) * WORD_BYTES;
                long slot = dataAt(ranks) + ((long) h * ranks + rank) * slotBytes;
                writeZeros(ch, zeros, word, WORD_BYTES);
                writeZeros(ch, zeros, slot, slotBytes);
            }
            long ring = ringAt(ranks, slotBytes);
            if (rank == 0) {
                writeZeros(ch, zeros, ring, 8L * HostRing.WORDS);
            }
            writeZeros(ch, zeros, ring + 8L * (HostRing.WORDS + (long) rank * HostRing.LINE_WORDS),
                    8L * HostRing.LINE_WORDS);
            MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_WRITE, 0, bytes);
            map.order(ByteOrder.nativeOrder());
            return new HostMemory(map, ranks, slotBytes, new HostRing(map, (int) ring));
        }
    }

    private static void writeZeros(FileChannel ch, ByteBuffer zeros, long from, long bytes) throws IOException {
        for (long at = 0; at < bytes; at += zeros.capacity()) {
            zeros.clear().limit((int) Math.min(zeros.capacity(), bytes - at));
            while (zeros.hasRemaining()) {
                ch.write(zeros, from + at + zeros.position());
            }
        }
    }

    /** The ring of small broadcasts, this rank's view. */
    public HostRing ring() {
        return ring;
    }

    /** Bytes of a slot: the most data a rank copies in at once. */
    public int slotBytes() {
        return slotBytes;
    }

    /**
     * Moves to the other half: every round of a collective (a fill of the slots, and the reads after it) calls this
     * first, on every rank in the same order.
     */
    public void nextHalf() {
        half ^= 1;
    }

    /** Where byte {@code at} of {@code rank}'s slot in the current half lies in the file. */
    private int index(int rank, long at) {
        return (int) (dataAt(ranks) + ((long) half * ranks + rank) * slotBytes + at);
    }

    /** Sets {@code rank}'s word in the current half: what it was called with, for the others to compare. */
    public void sign(int rank, long word) {
        map.putLong((int) (((long) half * ranks + rank) * WORD_BYTES), word);
    }

    /** {@code rank}'s word in the current half. */
    public long signed(int rank) {
        return map.getLong((int) (((long) half * ranks + rank) * WORD_BYTES));
    }

    /**
     * Copies {@code count} elements of {@code kind} from the slice {@code src} (an array, or a {@link ByteBuffer} of
     * bytes) at {@code offset} into {@code rank}'s slot of the current half from its byte {@code at}. The bytes may
     * run on into the next ranks' slots of the half (a broadcast uses the half whole).
     */
    public void put(int rank, long at, PayloadKind kind, Object src, int offset, int count) {
        BulkCopy.put(region(rank, at, kind, count), kind, src, offset, count);
    }

    /** Copies {@code count} elements of {@code kind} from {@code rank}'s slot at byte {@code at} into {@code dest}. */
    public void get(int rank, long at, PayloadKind kind, Object dest, int offset, int count) {
        BulkCopy.get(region(rank, at, kind, count), kind, dest, offset, count);
    }

    private ByteBuffer region(int rank, long at, PayloadKind kind, int count) {
        return map.slice(index(rank, at), count * kind.bytesPerElement()).order(ByteOrder.nativeOrder());
    }

    /** Whether host memory carries slices of {@code kind}: every primitive type (not serialised objects). */
    public static boolean carries(PayloadKind kind) {
        return kind != PayloadKind.OBJECT;
    }
}
