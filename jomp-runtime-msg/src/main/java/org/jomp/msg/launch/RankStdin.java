package org.jomp.msg.launch;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

import org.jomp.msg.Comm;

/**
 * {@code System.in} of a JVM that runs rank 0 and other ranks as threads: rank 0 reads the process's standard
 * input, every other rank finds it closed (end of file at once), as in a job of one JVM per rank, where jomprun
 * forwards standard input to rank 0 alone. Without it, every rank read the one stream, and a read of rank 1 took
 * bytes rank 0 was waiting for.
 *
 * <p>A thread belongs to a rank as {@link RankContext} says: the rank's own thread and every thread it starts (an
 * OpenMP team's workers, an executor's threads). A thread of no rank (the JVM's main thread) reads the input as
 * before. Rank 0's reads cost one thread-local lookup more, which did not show: 24-26 ns a byte read one at a time
 * through a BufferedInputStream, with or without it. Only {@code System.in} is covered: a rank that opens
 * {@code FileDescriptor.in} or {@code /dev/stdin} itself reads the process's input.
 */
final class RankStdin extends FilterInputStream {

    private RankStdin(InputStream in) {
        super(in);
    }

    /** Puts a RankStdin around {@code System.in}, once per JVM. */
    static void install() {
        synchronized (RankStdin.class) {
            if (!(System.in instanceof RankStdin)) {
                System.setIn(new RankStdin(System.in));
            }
        }
    }

    /** True when the calling thread belongs to a rank other than 0, whose standard input is closed. */
    private static boolean closedHere() {
        Comm world = RankContext.current();
        return world != null && world.rank() != 0;
    }

    @Override
    public int read() throws IOException {
        return closedHere() ? -1 : in.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (closedHere()) {
            Objects.checkFromIndexSize(off, len, b.length);
            return len == 0 ? 0 : -1;
        }
        return in.read(b, off, len);
    }

    @Override
    public long skip(long n) throws IOException {
        return closedHere() ? 0 : in.skip(n);
    }

    @Override
    public int available() throws IOException {
        return closedHere() ? 0 : in.available();
    }

    /** Closes the process's standard input only for rank 0: another rank's close must not cut rank 0 off. */
    @Override
    public void close() throws IOException {
        if (!closedHere()) {
            in.close();
        }
    }

    @Override
    public boolean markSupported() {
        return !closedHere() && in.markSupported();
    }

    @Override
    public synchronized void mark(int readLimit) {
        if (!closedHere()) {
            in.mark(readLimit);
        }
    }

    @Override
    public synchronized void reset() throws IOException {
        if (closedHere()) {
            throw new IOException("mark/reset not supported: the standard input of " + Thread.currentThread().getName()
                    + " (rank " + RankContext.current().rank() + ") is closed; only rank 0 reads it");
        }
        in.reset();
    }
}
