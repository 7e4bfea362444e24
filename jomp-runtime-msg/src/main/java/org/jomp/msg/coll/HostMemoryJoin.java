package org.jomp.msg.coll;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

import org.jomp.msg.Op;
import org.jomp.msg.transport.HostMemory;

/**
 * Maps a communicator's {@link HostMemory}, a collective step every rank takes in the same call: rank 0 makes the
 * file where its transport says ({@code dir}) and broadcasts its name (none when it has no directory or cannot make
 * it), every rank maps it, all agree by an allreduce whether every one could, and rank 0 deletes the file. So the
 * ranks use host memory together or not at all, whatever went wrong on one of them.
 */
public final class HostMemoryJoin {
    private static final System.Logger LOG = System.getLogger(HostMemoryJoin.class.getName());
    /** The longest file name sent, in UTF-8 bytes. */
    private static final int NAME_BYTES = 4096;

    private HostMemoryJoin() {
    }

    /**
     * @param dir where this rank's transport makes host memory for this communicator, or {@code null}
     * @return the mapped memory, or {@code null} on every rank when some rank could not map it
     */
    public static HostMemory run(PointToPoint p, Path dir, int slotBytes) {
        int n = p.size();
        byte[] name = new byte[NAME_BYTES];
        int[] length = new int[1];
        Path file = null;
        if (p.rank() == 0 && dir != null) {
            try {
                file = HostMemory.create(dir, n, slotBytes);
                byte[] utf8 = file.toString().getBytes(StandardCharsets.UTF_8);
                if (utf8.length <= NAME_BYTES) {
                    System.arraycopy(utf8, 0, name, 0, utf8.length);
                    length[0] = utf8.length;
                }
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, "rank 0: no host memory in " + dir + " (" + e
                        + "); collectives run over messages");
            }
        }
        try {
            return join(p, dir, slotBytes, name, length);
        } finally {
            // Every rank has mapped the file or given up by the time join returns; if it throws (a rank in another
            // collective, a dead rank), nobody will map it.
            deleteQuietly(file);
        }
    }

    private static HostMemory join(PointToPoint p, Path dir, int slotBytes, byte[] name, int[] length) {
        int n = p.size();
        Collectives.bcast(p, length, 0, 1, 0);
        if (length[0] == 0) {
            return null;
        }
        Collectives.bcast(p, name, 0, length[0], 0);
        HostMemory memory = null;
        if (dir != null) {
            String path = new String(name, 0, length[0], StandardCharsets.UTF_8);
            try {
                memory = HostMemory.open(Path.of(path), n, p.rank(), slotBytes);
            } catch (IOException | InvalidPathException e) {
                LOG.log(System.Logger.Level.DEBUG, "rank " + p.rank() + ": cannot map the host memory " + path
                        + " (" + e + "); collectives run over messages");
            }
        }
        int[] mapped = {memory == null ? 0 : 1};
        Collectives.allreduce(p, mapped, 0, mapped, 0, 1, Op.MIN);
        if (mapped[0] == 0) {
            LOG.log(System.Logger.Level.DEBUG, "rank " + p.rank() + ": a rank of " + n + " could not map the host"
                    + " memory; collectives run over messages");
            return null;
        }
        LOG.log(System.Logger.Level.DEBUG, "rank " + p.rank() + ": collectives of " + n + " ranks go through host"
                + " memory");
        return memory;
    }

    private static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "cannot delete the host memory file " + file + ": " + e);
        }
    }
}
