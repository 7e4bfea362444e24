package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.junit.jupiter.api.Test;

class LargePageBufferTest {
    @Test
    void aLargeBufferStartsOnAHugePageBoundaryAndHasTheAskedSizeAndWireOrder() {
        for (int bytes : new int[] {LargePageBuffer.PAGE / 4, (1 << 20) + Frame.HEADER_BYTES, 3 << 20,
                2 * LargePageBuffer.PAGE}) {
            ByteBuffer b = LargePageBuffer.allocate(bytes, true);
            assertTrue(b.isDirect());
            assertEquals(bytes, b.capacity());
            assertEquals(0, b.position());
            assertEquals(bytes, b.limit());
            assertEquals(Frame.ORDER, b.order());
            assertEquals(0, b.alignmentOffset(0, LargePageBuffer.PAGE), "buffer of " + bytes + " bytes");
            b.putLong(bytes - 8, 42);
            assertEquals(42, b.getLong(bytes - 8));
        }
    }

    @Test
    void smallBuffersAndBuffersWithoutHugePagesArePlain() {
        ByteBuffer small = LargePageBuffer.allocate(64 * 1024 + Frame.HEADER_BYTES, true);
        assertEquals(64 * 1024 + Frame.HEADER_BYTES, small.capacity());
        assertEquals(Frame.ORDER, small.order());
        ByteBuffer plain = LargePageBuffer.allocate(3 << 20, false);
        assertEquals(3 << 20, plain.capacity());
        assertTrue(plain.isDirect());
        assertEquals(Frame.ORDER, plain.order());
    }

    @Test
    void hugePagesNeedTheKernelAlwaysOrMadviseWithGlibcAsking() {
        assertTrue(LargePageBuffer.hugePagesPossible("always", null));
        assertTrue(LargePageBuffer.hugePagesPossible("madvise", "glibc.malloc.hugetlb=1"));
        assertTrue(LargePageBuffer.hugePagesPossible("madvise", "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1"));
        assertFalse(LargePageBuffer.hugePagesPossible("madvise", null));
        assertFalse(LargePageBuffer.hugePagesPossible("madvise", "glibc.malloc.hugetlb=0"));
        assertFalse(LargePageBuffer.hugePagesPossible("madvise", "glibc.malloc.hugetlb=2"));
        assertFalse(LargePageBuffer.hugePagesPossible("never", "glibc.malloc.hugetlb=1"));
        assertFalse(LargePageBuffer.hugePagesPossible(null, "glibc.malloc.hugetlb=1"));
    }
}
