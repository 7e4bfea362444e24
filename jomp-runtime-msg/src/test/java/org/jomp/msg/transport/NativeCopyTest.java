package org.jomp.msg.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link NativeCopy} is on exactly where the JVM allows it (Java 22 and later with native access, as the surefire
 * configuration gives it), copies slices between arrays, direct and mapped buffers, and declines every copy it should
 * leave to the JVM without touching anything.
 */
class NativeCopyTest {
    private static final int N = NativeCopy.MIN_BYTES / 8 + 5;

    @Test
    void itIsOnFromJava22WithNativeAccessAndSaysWhyNotBefore() {
        if (Runtime.version().feature() < 22) {
            assertFalse(NativeCopy.available());
            assertTrue(NativeCopy.unavailableReason().contains("Java " + Runtime.version().feature()),
                    NativeCopy.unavailableReason());
        } else {
            assertTrue(NativeCopy.available(), NativeCopy.unavailableReason());
            assertNull(NativeCopy.unavailableReason());
        }
    }

    @Test
    void doublesGoIntoAMappedBufferAndBackIntoAnArraySliceAtOddOffsets(@TempDir Path dir) throws Exception {
        assumeTrue(NativeCopy.available(), NativeCopy.unavailableReason());
        double[] sent = new double[N + 7];
        for (int i = 0; i < sent.length; i++) {
            sent[i] = i * 1.25 - 3;
        }
        MappedByteBuffer map;
        try (FileChannel ch = FileChannel.open(dir.resolve("m"), StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            map = ch.map(FileChannel.MapMode.READ_WRITE, 0, 8L * N + 64);
        }
        map.order(ByteOrder.nativeOrder());
        assertTrue(NativeCopy.put(map, 3, PayloadKind.DOUBLE, sent, 5, N));
        assertEquals(0, map.position(), "the position is the caller's to move");
        for (int i = 0; i < N; i++) {
            assertEquals(sent[5 + i], map.getDouble(3 + 8 * i), "element " + i);
        }
        double[] received = new double[N + 4];
        Arrays.fill(received, -1);
        assertTrue(NativeCopy.get(map, 3, PayloadKind.DOUBLE, received, 2, N));
        assertArrayEquals(Arrays.copyOfRange(sent, 5, 5 + N), Arrays.copyOfRange(received, 2, 2 + N));
        assertEquals(-1, received[1]);
        assertEquals(-1, received[N + 2]);
    }

    @Test
    void directBuffersCopyBytesFromAndToTheirOwnIndices() {
        assumeTrue(NativeCopy.available(), NativeCopy.unavailableReason());
        int bytes = NativeCopy.MIN_BYTES + 3;
        ByteBuffer src = ByteBuffer.allocateDirect(bytes + 10);
        for (int i = 0; i < src.capacity(); i++) {
            src.put(i, (byte) (i * 7));
        }
        ByteBuffer wire = ByteBuffer.allocateDirect(bytes + 1);
        assertTrue(NativeCopy.put(wire, 1, PayloadKind.BYTE, src, 9, bytes));
        ByteBuffer dest = ByteBuffer.allocateDirect(bytes + 4);
        assertTrue(NativeCopy.get(wire, 1, PayloadKind.BYTE, dest, 4, bytes));
        for (int i = 0; i < bytes; i++) {
            assertEquals((byte) ((9 + i) * 7), dest.get(4 + i), "byte " + i);
        }
        assertEquals(0, dest.get(3));
    }

    @Test
    void arraySlicesOfOneTypeAreCopiedBetweenTwoArraysButNotWithinOne() {
        assumeTrue(NativeCopy.available(), NativeCopy.unavailableReason());
        long[] src = new long[N + 9];
        for (int i = 0; i < src.length; i++) {
            src[i] = 0x0102030405060708L * i;
        }
        long[] dest = new long[N + 3];
        assertTrue(NativeCopy.arrays(src, 7, dest, 1, N));
        assertArrayEquals(Arrays.copyOfRange(src, 7, 7 + N), Arrays.copyOfRange(dest, 1, 1 + N));
        assertEquals(0, dest[0]);
        assertEquals(0, dest[N + 1]);
        // Within one array, too small, past an end, or of two types: left to System.arraycopy.
        assertFalse(NativeCopy.arrays(src, 0, src, 8, N));
        assertFalse(NativeCopy.arrays(src, 0, dest, 0, NativeCopy.MIN_BYTES / 8 - 1));
        assertFalse(NativeCopy.arrays(src, 0, dest, 4, N));
        assertFalse(NativeCopy.arrays(src, 10, dest, 0, N));
        assertFalse(NativeCopy.arrays(src, 0, new double[N], 0, N));
        assertFalse(NativeCopy.arrays(new boolean[8 * N], 0, new boolean[8 * N], 0, 8 * N));
    }

    @Test
    void copyAcrossStillMovesOverlappingSlicesOfOneArray() {
        int[] a = new int[NativeCopy.MIN_BYTES + 16];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        SliceCopy.copyAcross(a, 0, a, 16, NativeCopy.MIN_BYTES);
        for (int i = 0; i < NativeCopy.MIN_BYTES; i++) {
            assertEquals(i, a[16 + i], "element " + (16 + i));
        }
    }

    @Test
    void copiesItShouldNotMakeAreDeclinedUntouched() {
        double[] array = new double[N];
        Arrays.fill(array, 2.5);
        ByteBuffer direct = ByteBuffer.allocateDirect(8 * N).order(ByteOrder.nativeOrder());
        // Too small; a heap buffer; the other byte order; a slice past the array's end or the buffer's; a read-only
        // buffer; an int copy of a double[].
        assertFalse(NativeCopy.put(direct, 0, PayloadKind.DOUBLE, array, 0, NativeCopy.MIN_BYTES / 8 - 1));
        assertFalse(NativeCopy.put(ByteBuffer.allocate(8 * N).order(ByteOrder.nativeOrder()), 0, PayloadKind.DOUBLE,
                array, 0, N));
        ByteOrder other = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? ByteOrder.BIG_ENDIAN
                : ByteOrder.LITTLE_ENDIAN;
        assertFalse(NativeCopy.put(direct.duplicate().order(other), 0, PayloadKind.DOUBLE, array, 0, N));
        assertFalse(NativeCopy.put(direct, 0, PayloadKind.DOUBLE, array, 1, N));
        assertFalse(NativeCopy.put(direct, 8, PayloadKind.DOUBLE, array, 0, N));
        assertFalse(NativeCopy.put(direct.asReadOnlyBuffer().order(ByteOrder.nativeOrder()), 0, PayloadKind.DOUBLE,
                array, 0, N));
        assertFalse(NativeCopy.put(direct, 0, PayloadKind.INT, array, 0, N));
        assertFalse(NativeCopy.get(direct, 0, PayloadKind.DOUBLE, array, 1, N));
        for (int i = 0; i < N; i++) {
            assertEquals(0, direct.getLong(8 * i), "byte " + 8 * i + " of the buffer");
        }
    }

    @Test
    void aSliceBeyondTheArrayStillFailsAsTheJvmsCopyDoes() {
        double[] array = new double[N];
        ByteBuffer direct = ByteBuffer.allocateDirect(8 * N + 8).order(ByteOrder.nativeOrder());
        assertThrows(IndexOutOfBoundsException.class, () -> BulkCopy.put(direct, PayloadKind.DOUBLE, array, 1, N));
        assertThrows(IndexOutOfBoundsException.class, () -> BulkCopy.get(direct.position(0), PayloadKind.DOUBLE,
                array, 1, N));
    }
}
