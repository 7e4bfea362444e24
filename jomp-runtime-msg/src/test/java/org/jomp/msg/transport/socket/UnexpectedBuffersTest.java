package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class UnexpectedBuffersTest {
    @Test
    void aMessageTakesANativeBufferOfTheNextPowerOfTwoInWireOrder() {
        UnexpectedBuffers pool = new UnexpectedBuffers(64 * 1024);
        assertEquals(4096, pool.take(UnexpectedBuffers.MIN_BYTES).capacity());
        assertEquals(8192, pool.take(4097).capacity());
        ByteBuffer b = pool.take(65536);
        assertEquals(65536, b.capacity());
        assertTrue(b.isDirect());
        assertEquals(Frame.ORDER, b.order());
        assertEquals(0, b.position());
        assertEquals(3, pool.allocated());
    }

    @Test
    void aBufferGivenBackServesTheNextMessageOfItsSizeCleared() {
        UnexpectedBuffers pool = new UnexpectedBuffers(64 * 1024);
        ByteBuffer b = pool.take(10_000);
        b.position(300).limit(400);
        pool.give(b);
        ByteBuffer again = pool.take(9_000);
        assertSame(b, again);
        assertEquals(0, again.position());
        assertEquals(again.capacity(), again.limit());
        assertNotSame(b, pool.take(10_000), "a buffer serves one message at a time");
        assertEquals(2, pool.allocated());
    }

    @Test
    void eachSizeKeepsAtMostItsShareOfBuffers() {
        UnexpectedBuffers pool = new UnexpectedBuffers(64 * 1024);
        int keep = UnexpectedBuffers.KEPT_BYTES / 65536;
        List<ByteBuffer> taken = new ArrayList<>();
        for (int i = 0; i < keep + 5; i++) {
            taken.add(pool.take(65536));
        }
        taken.forEach(pool::give);
        for (int i = 0; i < keep + 5; i++) {
            pool.take(65536);
        }
        assertEquals(2 * (keep + 5) - keep, pool.allocated(), "the first " + keep + " again, then 5 new");
    }

    @Test
    void aBufferLargerThanThePoolKeepsIsLeftToTheCollector() {
        UnexpectedBuffers pool = new UnexpectedBuffers(8192);
        ByteBuffer large = pool.take(65536);
        pool.give(large);
        assertNotSame(large, pool.take(65536));
        assertEquals(2, pool.allocated());
    }
}
