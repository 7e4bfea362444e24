package org.jomp.examples.msgbench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

import org.jomp.msg.Comm;

/**
 * How fast the host moves data from one rank's core to the other's at the moment: for a few milliseconds, rank 0
 * copies {@value #BYTES} bytes into memory both ranks map and rank 1 copies them out, in turn; the figure is the
 * microseconds a MiB takes so. On the 2-vCPU AMD EPYC guest these figures come from it is not a constant: it read
 * 93-125 µs or 280-430 µs, in stretches of one to tens of seconds, and a 4 MiB ping-pong of plain Java threads read
 * 160-380 µs one way in the fast stretches and 800-1,100 in the slow ones, Open MPI's as well; a copy within one
 * core does not change (docs/benchmarks-msg-log.md). So a large message's figure is only comparable with one taken
 * at the same speed. The same probe in C brackets Open MPI's samples ({@code examples/peers/mpi_coll.c},
 * {@code COPY_PROBE=1}), copying with vector loads and stores as the JVM's copies here do (never through
 * {@code memcpy}, which the host runs at another speed; {@code NativeCopy} in the runtime). Both ranks take part, so
 * it needs nothing else to run meanwhile; ranks of any transport.
 */
final class CopyProbe {
    /** Below this many microseconds a MiB the host was in a fast stretch, at or above it in a slow one. */
    static final double FAST_MICROS = 200;
    /** The bytes of one turn: they stay in the level-2 cache of each core. */
    static final int BYTES = 256 * 1024;
    private static final int TURN_AT = 0;
    private static final int DATA_AT = 128;
    /** Turns before the clock starts: they take the data into the caches. */
    private static final int UNTIMED = 16;
    private static final VarHandle TURN = MethodHandles.byteBufferViewVarHandle(long[].class,
            ByteOrder.nativeOrder());

    private final Comm world;
    private final MappedByteBuffer map;
    private final byte[] local = new byte[BYTES];

    private CopyProbe(Comm world, MappedByteBuffer map) {
        this.world = world;
        this.map = map;
    }

    /**
     * Maps the probe's memory on both ranks of {@code world} (2 ranks; collective): a file rank 0 creates in
     * {@code /dev/shm} (else the temporary directory), named by its process id, readable by its user only, and
     * deletes once both have mapped it.
     */
    static CopyProbe open(Comm world) {
        if (world.size() != 2) {
            throw new IllegalArgumentException("CopyProbe: needs 2 ranks, not " + world.size());
        }
        long[] id = {ProcessHandle.current().pid(), System.nanoTime()};
        world.bcast(id, 0, 2, 0);
        Path dir = Files.isWritable(Path.of("/dev/shm")) ? Path.of("/dev/shm") : Path.of(System.getProperty(
                "java.io.tmpdir"));
        Path file = dir.resolve("jomp-msgbench-copy-probe-" + id[0] + "-" + id[1]);
        try {
            if (world.rank() == 0) {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(
                        "rw-------")));
                Files.write(file, new byte[DATA_AT + BYTES]);
            }
            world.barrier();
            MappedByteBuffer map;
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                map = ch.map(FileChannel.MapMode.READ_WRITE, 0, DATA_AT + BYTES);
            }
            world.barrier();
            if (world.rank() == 0) {
                Files.delete(file);
            }
            return new CopyProbe(world, map);
        } catch (IOException e) {
            throw new UncheckedIOException("CopyProbe: cannot map " + file + " on rank " + world.rank(), e);
        }
    }

    /**
     * Turns for about {@code millis} after {@value #UNTIMED} untimed ones, between barriers; returns the
     * microseconds a MiB took on rank 0, 0 on rank 1. Rank 0 takes even turns (it copies in and hands over), rank 1
     * odd ones (it copies out and hands back); rank 0 ends the probe with a negative turn, and rank 1 sets the turn
     * back to 0 for the next probe before the closing barrier.
     */
    double measure(double millis) {
        world.barrier();
        double micros = 0;
        if (world.rank() == 0) {
            long deadline = (long) (millis * 1e6);
            long t0 = 0;
            long k = 0;
            long elapsed = 0;
            for (;; k++) {
                if (k == UNTIMED) {
                    t0 = System.nanoTime();
                }
                map.put(DATA_AT, local, 0, BYTES);
                TURN.setRelease(map, TURN_AT, 2 * k + 1);
                while ((long) TURN.getAcquire(map, TURN_AT) != 2 * k + 2) {
                    Thread.onSpinWait();
                }
                if (k > UNTIMED && (elapsed = System.nanoTime() - t0) >= deadline) {
                    break;
                }
            }
            TURN.setRelease(map, TURN_AT, -1L);
            micros = elapsed / 1e3 / (k - UNTIMED) * ((1 << 20) / (double) BYTES);
        } else {
            long t;
            while (true) {
                while (((t = (long) TURN.getAcquire(map, TURN_AT)) & 1) == 0 && t >= 0) {
                    Thread.onSpinWait();
                }
                if (t < 0) {
                    TURN.setRelease(map, TURN_AT, 0L);
                    break;
                }
                map.get(DATA_AT, local, 0, BYTES);
                TURN.setRelease(map, TURN_AT, t + 1);
            }
        }
        world.barrier();
        return micros;
    }
}
