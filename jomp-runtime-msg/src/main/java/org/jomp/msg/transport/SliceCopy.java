package org.jomp.msg.transport;

import java.nio.ByteBuffer;

/**
 * Copies between message slices, each a primitive array or a {@link ByteBuffer} (whose slice counts bytes from the
 * buffer's start, within its limit, whatever its position; neither changes). Arrays of one type go through
 * {@code System.arraycopy} ({@link #copyAcross}: large slices through {@code memcpy} where the JVM allows); a buffer
 * on either side through the buffer's absolute bulk methods.
 */
public final class SliceCopy {
    private SliceCopy() {
    }

    /** Copies {@code count} elements of {@code src} from {@code srcOffset} into {@code dest} at {@code destOffset}. */
    public static void copy(Object src, int srcOffset, Object dest, int destOffset, int count) {
        if (src instanceof ByteBuffer s) {
            if (dest instanceof ByteBuffer d) {
                d.put(destOffset, s, srcOffset, count);
            } else {
                s.get(srcOffset, (byte[]) dest, destOffset, count);
            }
        } else if (dest instanceof ByteBuffer d) {
            d.put(destOffset, (byte[]) src, srcOffset, count);
        } else {
            System.arraycopy(src, srcOffset, dest, destOffset, count);
        }
    }

    /**
     * {@link #copy}, for a copy into an array that another rank thread uses (a receive filled by its sender, a
     * broadcast's copies into its receivers' arrays): two arrays' large slices go through {@code memcpy} where the
     * JVM allows ({@link NativeCopy}), whose stores do not wait for the other core's lines as the JVM's do. Within
     * one core, or into an array of the copying thread's own, the JVM copies as fast or faster: two shm ranks
     * allgathering 1 MiB (each reading the other's block into its own array) took 52-74 µs by the JVM and 52-190 by
     * {@code memcpy} (docs/benchmarks-msg-log.md, 2 December 2026).
     */
    public static void copyAcross(Object src, int srcOffset, Object dest, int destOffset, int count) {
        if (!NativeCopy.arrays(src, srcOffset, dest, destOffset, count)) {
            copy(src, srcOffset, dest, destOffset, count);
        }
    }

    /** A new array of {@code kind}'s type holding a copy of the slice. */
    public static Object copyOf(Object src, int offset, int count, PayloadKind kind) {
        Object copy = kind.newArray(count);
        copy(src, offset, copy, 0, count);
        return copy;
    }

    /** True if {@code slice} is a buffer that the operating system can read and write in place. */
    public static boolean isDirect(Object slice) {
        return slice instanceof ByteBuffer b && b.isDirect();
    }
}
